package br.suite.access;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Where the first-run admin token is written, and the administrator's user name. */
@ConfigurationProperties("suite.access")
record AccessSettings(@DefaultValue("data") Path dataDirectory, @DefaultValue("admin") String adminUsername) {

	Path adminTokenFile() {
		return this.dataDirectory.resolve("admin-token");
	}

}
