package br.suite.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import br.suite.shared.Generators.AccessKeyFields;
import br.suite.shared.Generators.Corruption;
import br.suite.shared.documents.InvalidAccessKey;
import br.suite.shared.documents.NfeAccessKey;
import java.time.YearMonth;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class NfeAccessKeyPropertyTests {

	@Test
	void generatedKeysRoundTripTheirFields() {
		Property.forAll("access key round-trips its fields", Generators::accessKeyFields, f -> {
			String key = f.key();
			NfeAccessKey parsed = NfeAccessKey.parse(key);

			assertThat(parsed.value()).isEqualTo(key);
			assertThat(parsed.ufCode()).isEqualTo(f.uf());
			assertThat(parsed.yearMonth()).isEqualTo(YearMonth.of(2000 + f.year(), f.month()));
			assertThat(parsed.issuerId()).isEqualTo(f.issuer());
			assertThat(parsed.model()).isEqualTo(f.model());
			assertThat(parsed.series()).isEqualTo(f.series());
			assertThat(parsed.number()).isEqualTo(f.number());
			assertThat(parsed.emissionType()).isEqualTo(f.emissionType());
			assertThat(parsed.randomCode()).isEqualTo(f.randomCode());
			assertThat(parsed.checkDigit()).isEqualTo(NfeAccessKey.computeCheckDigit(f.first43()))
				.isEqualTo(key.charAt(43) - '0');
		});
	}

	@Test
	void generatedKeysSurviveDanfeGrouping() {
		Property.forAll("grouped access key parses", Generators::accessKeyFields, f -> {
			String grouped = f.key().replaceAll("(.{4})", "$1 ");
			assertThat(NfeAccessKey.parse(grouped).value()).isEqualTo(f.key());
		});
	}

	@Test
	void corruptingTheCheckDigitAlwaysFails() {
		Property.forAll("corrupted cDV fails", random -> {
			String key = Generators.accessKeyFields(random).key();
			char replacement;
			do {
				replacement = (char) ('0' + random.nextInt(10));
			}
			while (replacement == key.charAt(43));
			return new Corruption(key, key.substring(0, 43) + replacement, 43);
		}, c -> assertThatThrownBy(() -> NfeAccessKey.parse(c.corrupted())).isInstanceOf(InvalidAccessKey.class));
	}

	/*
	 * As with the CNPJ, mod 11 cannot catch every substitution: letters congruent mod 11
	 * in the issuer root and the r = 0/1 fold both slip through. So a corruption must
	 * fail unless the independent reference also accepts it, and digit-only corruptions
	 * must nearly always fail.
	 */
	@Test
	void corruptedKeyFailsUnlessItsCheckDigitCollides() {
		AtomicInteger collisions = new AtomicInteger();
		AtomicInteger digitCollisions = new AtomicInteger();
		String[] alphabet = Generators.accessKeyAlphabet();
		Property.forAll("corrupted access key fails unless its check digit collides",
				random -> Generators.corrupt(random, Generators.accessKeyFields(random).key(), alphabet), c -> {
					boolean referenceAccepts = Reference.isValidAccessKey(c.corrupted());
					assertThat(NfeAccessKey.isValid(c.corrupted())).isEqualTo(referenceAccepts);
					if (referenceAccepts) {
						collisions.incrementAndGet();
						char replaced = c.corrupted().charAt(c.position());
						if (Character.isDigit(replaced) && Character.isDigit(c.original().charAt(c.position()))) {
							digitCollisions.incrementAndGet();
						}
					}
				});
		System.out.println("[property]   access key corruptions that stayed valid: " + collisions.get() + " of "
				+ Property.TRIES + " (" + digitCollisions.get() + " digit for digit)");
		assertThat(digitCollisions.get()).isLessThan(Property.TRIES / 20);
	}

}
