package br.suite;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A one-person company cannot separate duties: with
 * {@code SUITE_ALLOW_SELF_APPROVAL=true} the same user may approve their own process
 * document and correct their own punches. (The switch is turned on in the shared context
 * for each test and off after it; every other test runs with the rules on, their
 * default.)
 */
class SelfApprovalAllowedApiTests extends ApiTest {

	@Override
	protected void settings(TestSettings settings) {
		settings.record("br.suite.shared.SeparationOfDuties", java.util.Map.of("allowSelfApproval", true));
	}

	@Test
	void theOnlyUserApprovesTheirOwnDocument() {
		Response created = this.api.post("/api/process-documents/", json("title", unique("Sozinho"), "process_area",
				"Qualidade", "category", "Procedimento", "owner", "admin", "status", "in_review"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		Response approved = this.api.patch("/api/process-documents/" + created.id() + "/",
				json("status", "approved", "description", "última revisão"));
		assertThat(approved.status()).as(approved.toString()).isEqualTo(200);
		assertThat(approved.json().get("approved_by").asString()).isEqualTo("admin");
	}

	@Test
	void theOnlyUserCorrectsTheirOwnPunches() throws IOException {
		long role = this.api
			.post("/api/access/roles/",
					json("name", unique("Dono"), "permissions", List.of("timeclock.adjustments.change",
							"timeclock.punches.register", "timeclock.punches.view")))
			.id();
		String username = unique("dono");
		Response user = this.api.post("/api/access/users/",
				json("username", username, "is_employee", true, "role_id", role));
		Api owner = this.api.as(this.api.signIn(username, user.json().get("temporary_password").asString()));
		ByteArrayOutputStream png = new ByteArrayOutputStream();
		ImageIO.write(new BufferedImage(64, 48, BufferedImage.TYPE_INT_RGB), "png", png);
		Response punch = owner.post("/api/timeclock/punch/register/", json("event_type", "entrada", "employee_id",
				user.id(), "snapshot_base64", Base64.getEncoder().encodeToString(png.toByteArray())));
		assertThat(punch.status()).as(punch.toString()).isEqualTo(201);
		Response adjusted = owner.post("/api/timeclock/punch-adjustments/",
				json("kind", "disregard", "punch_id", punch.id(), "reason", "Marquei duas vezes"));
		assertThat(adjusted.status()).as(adjusted.toString()).isEqualTo(201);
	}

}
