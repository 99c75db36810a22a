package br.suite.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import br.suite.shared.outbound.OutboundUrls;

/**
 * A delivery's {@code last_error} reads back to the reason that wrote it, with what it
 * quotes, and every reason has its Portuguese in both catalogue files.
 */
class DeliveryErrorTests {

	@Test
	void everyReasonReadsBackToItself() {
		for (DeliveryError error : DeliveryError.values()) {
			String text = error.english("arg0", "arg1");
			DeliveryError.Read read = DeliveryError.read(text);
			assertThat(read).as(text).isNotNull();
			assertThat(read.error()).as(text).isEqualTo(error);
		}
		DeliveryError.Read permission = DeliveryError
			.read(DeliveryError.WITHHELD_OWNER_PERMISSION.english(42, "access.users.view"));
		assertThat(permission.arguments()).containsExactly("42", "access.users.view");
		DeliveryError.Read refused = DeliveryError.read(DeliveryError.of(new ConnectException("Connection refused")));
		assertThat(refused.error()).isEqualTo(DeliveryError.EXCEPTION);
		assertThat(refused.shown()).containsExactly("ConnectException");
	}

	@Test
	void theUrlRefusalsTheDispatcherRecordsReadBack() {
		for (String url : List.of("https://exa mple.com/", "https:///x", "http://example.com/",
				"https://no-such-host.invalid/", "https://127.0.0.1:1/")) {
			try {
				OutboundUrls.checked(url, false, "webhooks");
			}
			catch (OutboundUrls.Refused refused) {
				// What Dispatcher.send records for a refused URL.
				DeliveryError.Read read = DeliveryError.read("url " + refused.getMessage());
				assertThat(read.error().name()).as(refused.getMessage()).startsWith("URL_");
				continue;
			}
			throw new AssertionError(url + " was not refused");
		}
	}

	@Test
	void everyReasonHasItsWordsInBothCatalogueFiles() throws IOException {
		for (String file : List.of("messages_pt_BR.properties", "messages.properties")) {
			Properties catalogue = new Properties();
			try (InputStream in = getClass().getResourceAsStream("/" + file)) {
				catalogue.load(new InputStreamReader(in, StandardCharsets.UTF_8));
			}
			for (DeliveryError error : DeliveryError.values()) {
				assertThat(catalogue.getProperty(error.key())).as(file + " " + error.key()).isNotBlank();
			}
		}
	}

}
