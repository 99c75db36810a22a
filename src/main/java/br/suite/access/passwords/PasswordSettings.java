package br.suite.access.passwords;

import java.security.SecureRandom;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

import br.suite.access.AccessSettings;

/**
 * Passwords are stored in Spring Security's delegating format ({@code {bcrypt}…}, so a
 * stronger algorithm can be added in place), hashed with bcrypt at the cost
 * {@code suite.access.bcrypt-strength} (10 by default); any stored format the delegating
 * encoder knows is checked.
 */
@Configuration(proxyBeanMethods = false)
class PasswordSettings {

	@Bean
	PasswordEncoder passwordEncoder(AccessSettings settings) {
		return new Hashing(settings);
	}

	/**
	 * Encodes with bcrypt at the strength of the settings at each call (a changed setting
	 * applies to the next password), matches with the delegating encoder.
	 */
	static final class Hashing implements PasswordEncoder {

		private static final SecureRandom RANDOM = new SecureRandom();

		private final PasswordEncoder stored = PasswordEncoderFactories.createDelegatingPasswordEncoder();

		private AccessSettings settings;

		Hashing(AccessSettings settings) {
			this.settings = settings;
		}

		@Override
		public String encode(CharSequence rawPassword) {
			return "{bcrypt}" + bcrypt().encode(rawPassword);
		}

		@Override
		public boolean matches(CharSequence rawPassword, String encodedPassword) {
			return this.stored.matches(rawPassword, encodedPassword);
		}

		/**
		 * True for a hash of another format or of a lower bcrypt cost than the setting's.
		 */
		@Override
		public boolean upgradeEncoding(String encodedPassword) {
			String prefix = "{bcrypt}";
			return encodedPassword == null || !encodedPassword.startsWith(prefix)
					|| bcrypt().upgradeEncoding(encodedPassword.substring(prefix.length()));
		}

		private BCryptPasswordEncoder bcrypt() {
			return new BCryptPasswordEncoder(BCryptPasswordEncoder.BCryptVersion.$2A, this.settings.bcryptStrength(),
					RANDOM);
		}

	}

}
