package br.suite.access;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Passwords are stored with Spring Security's delegating encoder (bcrypt today,
 * upgradable in place).
 */
@Configuration(proxyBeanMethods = false)
class PasswordSettings {

	@Bean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

}
