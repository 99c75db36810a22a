package br.suite.timeclock.ledger;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.access.AccessDirectory;
import br.suite.timeclock.Afd;
import br.suite.timeclock.AfdSigner;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.Pdfs;
import br.suite.timeclock.RepSettings;

/**
 * The Comprovante de Registro de Ponto do Trabalhador (Portaria MTP 671/2021 art. 79) of
 * a punch: every item of I-VIII, as JSON or as a PDF, PAdES-signed when a signing key is
 * configured (art. 80). The employer and address are the establishment's current data;
 * the employee's CPF and the hash are those fixed when the punch was recorded.
 */
@Service
class Comprovantes {

	static final String TITLE = "Comprovante de Registro de Ponto do Trabalhador";

	private final Establishments establishments;

	private final AccessDirectory users;

	private final RepSettings settings;

	private final AfdSigner signer;

	Comprovantes(Establishments establishments, AccessDirectory users, RepSettings settings, AfdSigner signer) {
		this.signer = signer;
		this.establishments = establishments;
		this.users = users;
		this.settings = settings;
	}

	Comprovante of(Punch punch) {
		Establishment establishment = this.establishments.get(punch.establishmentId());
		String cpf = punch.employeeCpf();
		if (cpf == null && punch.afdLine() == null) {
			// Recorded before CPFs were kept on punches: the employee's current CPF.
			cpf = this.users.find(punch.employeeId()).map(AccessDirectory.UserSummary::cpf).orElse(null);
		}
		return new Comprovante(TITLE, punch.id(), punch.establishmentId(), punch.nsr(), establishment.name(),
				establishment.employerDocument(), establishment.ceiCaepfCno(), establishment.address(),
				punch.employeeName(), cpf, punch.occurredAtLocal(), punch.eventType(), this.settings.inpiRegistration(),
				this.settings.programName(), this.settings.programVersion(),
				punch.afdHash() != null ? punch.afdHash() : punch.hash(), punch.offline());
	}

	/** The PDF's file name: the establishment and the punch's NSR. */
	static String fileName(Comprovante c) {
		return "comprovante-" + c.establishmentId() + "-" + c.nsr() + ".pdf";
	}

	byte[] pdf(Comprovante c) {
		List<Pdfs.Line> lines = new ArrayList<>();
		lines.add(Pdfs.Line.bold(c.title()));
		lines.add(Pdfs.Line.of(""));
		lines.add(Pdfs.Line.of("NSR: " + Afd.number(c.nsr(), 9)));
		lines.add(Pdfs.Line.of("Empregador: " + c.employerName()));
		lines.add(Pdfs.Line.of((c.employerDocument() != null && c.employerDocument().length() == 11 ? "CPF" : "CNPJ")
				+ " do empregador: " + formatDocument(c.employerDocument())));
		if (!c.ceiCaepfCno().isEmpty()) {
			lines.add(Pdfs.Line.of("CEI/CAEPF/CNO: " + c.ceiCaepfCno()));
		}
		lines.add(Pdfs.Line.of("Local de prestação de serviços: " + c.establishmentAddress()));
		lines.add(Pdfs.Line.of("Trabalhador: " + c.employeeName()));
		lines.add(Pdfs.Line.of("CPF do trabalhador: " + formatDocument(c.employeeCpf())));
		lines.add(Pdfs.Line.of("Data e hora da marcação: " + c.occurredAt() + (c.offline() ? " (off-line)" : "")));
		lines.add(Pdfs.Line.of("Registro no INPI do REP-P: "
				+ (c.inpiRegistration().isEmpty() ? "não configurado" : c.inpiRegistration())));
		lines.add(Pdfs.Line.of("Programa: " + c.programName() + " " + c.programVersion()));
		lines.add(Pdfs.Line.of("Código hash (SHA-256): " + c.hash()));
		byte[] pdf = Pdfs.document(c.title(), lines);
		// Art. 80: an electronic comprovante is a signed PDF (PAdES), with the key that
		// signs the AFD when one is set.
		return this.signer.configured() ? this.signer.signPdf(pdf, c.title() + " (Portaria MTP 671/2021 art. 80)")
				: pdf;
	}

	private static String formatDocument(@Nullable String document) {
		if (document == null) {
			return "não informado";
		}
		if (document.length() == 11) {
			return document.substring(0, 3) + "." + document.substring(3, 6) + "." + document.substring(6, 9) + "-"
					+ document.substring(9);
		}
		if (document.length() == 14) {
			return document.substring(0, 2) + "." + document.substring(2, 5) + "." + document.substring(5, 8) + "/"
					+ document.substring(8, 12) + "-" + document.substring(12);
		}
		return document;
	}

}
