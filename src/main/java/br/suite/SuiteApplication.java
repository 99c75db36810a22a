package br.suite;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.modulith.Modulithic;

import br.suite.platform.RestoreCommand;

@SpringBootApplication
@ConfigurationPropertiesScan
@Modulithic(sharedModules = { "shared", "platform" })
public class SuiteApplication {

	public static void main(String[] args) {
		// "java -jar suite.jar restore <file>" unpacks a backup before any database
		// starts.
		if (args.length > 0 && args[0].equals("restore")) {
			System.exit(RestoreCommand.run(args, System.out, System.err));
		}
		SpringApplication application = new SpringApplication(SuiteApplication.class);
		// "java -jar suite.jar <operator command> …" runs one command against the
		// database and exits,
		// for operators who lost the admin token; no web server is started then.
		if (args.length > 0 && !args[0].startsWith("-")) {
			application.setWebApplicationType(WebApplicationType.NONE);
			application.setAdditionalProfiles("operator");
		}
		application.run(args);
	}

}
