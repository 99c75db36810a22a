package br.suite.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import br.suite.shared.Generators.Corruption;
import br.suite.shared.documents.InvalidTaxId;
import br.suite.shared.documents.TaxId;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class TaxIdPropertyTests {

	@Test
	void everyGeneratedCpfIsValid() {
		Property.forAll("generated CPF is valid", Generators::validCpf, cpf -> {
			TaxId id = TaxId.parse(cpf);
			assertThat(id.kind()).isEqualTo(TaxId.Kind.CPF);
			assertThat(id.value()).isEqualTo(cpf);
		});
	}

	@Test
	void everyGeneratedNumericCnpjIsValid() {
		Property.forAll("generated numeric CNPJ is valid", Generators::validNumericCnpj, cnpj -> {
			TaxId id = TaxId.parse(cnpj);
			assertThat(id.kind()).isEqualTo(TaxId.Kind.CNPJ);
			assertThat(id.value()).isEqualTo(cnpj);
		});
	}

	@Test
	void everyGeneratedAlphanumericCnpjIsValid() {
		Property.forAll("generated alphanumeric CNPJ is valid", Generators::validAlphanumericCnpj, cnpj -> {
			TaxId id = TaxId.parse(cnpj);
			assertThat(id.kind()).isEqualTo(TaxId.Kind.CNPJ);
			assertThat(id.value()).isEqualTo(cnpj);
		});
	}

	@Test
	void checkDigitHelpersAgreeWithTheReference() {
		Property.forAll("CPF/CNPJ check-digit helpers", Generators::validTaxId, value -> {
			if (value.length() == 11) {
				assertThat(TaxId.cpfCheckDigits(value.substring(0, 9))).isEqualTo(value.substring(9));
			}
			else {
				assertThat(TaxId.cnpjCheckDigits(value.substring(0, 12))).isEqualTo(value.substring(12));
			}
		});
	}

	@Test
	void corruptingACheckDigitAlwaysFails() {
		Property.forAll("corrupted check digit fails", this::checkDigitCorruption, c -> {
			assertThatThrownBy(() -> TaxId.parse(c.corrupted())).isInstanceOf(InvalidTaxId.class);
		});
	}

	/*
	 * "Every single-character corruption fails" is false for the official algorithms (see
	 * the blind-spot tests in TaxIdTests), so the property is: a corruption is rejected
	 * unless the independent reference also finds its check digits correct, and such
	 * collisions stay rare for numeric ids.
	 */

	@Test
	void corruptedCpfFailsUnlessItsCheckDigitsCollide() {
		Collisions collisions = corruptionsAgreeWithReference("CPF", Generators::validCpf);
		assertThat(collisions.digitForDigit()).isLessThan(Property.TRIES / 50);
	}

	@Test
	void corruptedNumericCnpjFailsUnlessItsCheckDigitsCollide() {
		// A digit mistyped as a congruent letter ('0' as 'F') yields a valid alphanumeric
		// CNPJ, so
		// only digit-for-digit collisions are expected to be rare.
		Collisions collisions = corruptionsAgreeWithReference("numeric CNPJ", Generators::validNumericCnpj);
		assertThat(collisions.digitForDigit()).isLessThan(Property.TRIES / 50);
		assertThat(collisions.total()).isLessThan(Property.TRIES / 5);
	}

	@Test
	void corruptedAlphanumericCnpjFailsUnlessItsCheckDigitsCollide() {
		// About 6% of letter substitutions are undetectable by design (values congruent
		// mod 11).
		Collisions collisions = corruptionsAgreeWithReference("alphanumeric CNPJ", Generators::validAlphanumericCnpj);
		assertThat(collisions.total()).isLessThan(Property.TRIES / 5);
	}

	@Test
	void alphanumericSubstitutionsCongruentMod11AreNeverDetected() {
		Property.forAll("congruent substitution keeps CNPJ valid", random -> {
			String cnpj = Generators.validAlphanumericCnpj(random);
			int position = random.nextInt(12);
			int value = cnpj.charAt(position) - '0';
			for (int v = value % 11; v <= 42; v += 11) {
				char c = (char) ('0' + v);
				boolean allowed = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
				if (allowed && v != value) {
					return cnpj.substring(0, position) + c + cnpj.substring(position + 1);
				}
			}
			return cnpj;
		}, swapped -> assertThat(TaxId.isValid(swapped)).isTrue());
	}

	@Test
	void formattingThenParsingRoundTrips() {
		Property.forAll("format then parse", Generators::validTaxId, value -> {
			TaxId id = TaxId.parse(value);
			assertThat(TaxId.parse(id.formatted())).isEqualTo(id);
			assertThat(TaxId.parse(id.formatted().toLowerCase(Locale.ROOT)).value()).isEqualTo(value);
			assertThat(TaxId.parse(id.toString())).isEqualTo(id);
		});
	}

	@Test
	void anyMixOfSeparatorsAndCaseParsesToTheSameValue() {
		Property.forAll("noisy input normalises", random -> {
			String value = Generators.validTaxId(random);
			StringBuilder noisy = new StringBuilder();
			String separators = ".-/ \t";
			for (char c : value.toCharArray()) {
				while (random.nextInt(4) == 0) {
					noisy.append(separators.charAt(random.nextInt(separators.length())));
				}
				noisy.append(random.nextBoolean() ? Character.toLowerCase(c) : c);
			}
			return new String[] { value, noisy.toString() };
		}, pair -> assertThat(TaxId.parse(pair[1]).value()).isEqualTo(pair[0]));
	}

	private record Collisions(int total, int digitForDigit) {
	}

	private Collisions corruptionsAgreeWithReference(String label, Function<Random, String> valid) {
		AtomicInteger collisions = new AtomicInteger();
		AtomicInteger digitForDigit = new AtomicInteger();
		Property.forAll("corrupted " + label + " fails unless its check digits collide", random -> {
			String value = valid.apply(random);
			return Generators.corrupt(random, value, Generators.taxIdAlphabet(value));
		}, c -> {
			String corrupted = c.corrupted();
			boolean referenceAccepts = corrupted.length() == 11 ? Reference.isValidCpf(corrupted)
					: Reference.isValidCnpj(corrupted);
			assertThat(TaxId.isValid(corrupted)).isEqualTo(referenceAccepts);
			if (referenceAccepts) {
				collisions.incrementAndGet();
				if (Character.isDigit(c.corrupted().charAt(c.position()))
						&& Character.isDigit(c.original().charAt(c.position()))) {
					digitForDigit.incrementAndGet();
				}
			}
		});
		System.out.println("[property]   " + label + " corruptions that stayed valid: " + collisions.get() + " of "
				+ Property.TRIES + " (" + digitForDigit.get() + " digit for digit)");
		return new Collisions(collisions.get(), digitForDigit.get());
	}

	private Corruption checkDigitCorruption(Random random) {
		String value = Generators.validTaxId(random);
		int position = value.length() - 1 - random.nextInt(2);
		char replacement;
		do {
			replacement = (char) ('0' + random.nextInt(10));
		}
		while (replacement == value.charAt(position));
		String corrupted = value.substring(0, position) + replacement + value.substring(position + 1);
		return new Corruption(value, corrupted, position);
	}

}
