package br.suite.customers;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The writable fields of a customer; absent optional fields take their defaults. Text is
 * trimmed; {@code documento} and {@code telefone} are checked and normalised by the
 * service, which reports their exact problem.
 */
record ClienteRequest(@NotBlank @Size(max = 200) @Pattern(regexp = "[^\\x00]*",
		message = "must not contain the NUL character") @Schema(example = "Padaria Pão de Mel Ltda") String nome,
		@Email(message = "must be a valid e-mail address") @Size(max = 254) @Nullable @Schema(
				example = "compras@paodemel.com.br") String email,
		@Size(max = 40) @Nullable @Schema(
				description = "A Brazilian number with or without its mask ((21) 3333-4444, "
						+ "+55 11 98765-4321) or + and another country code; answered in E.164 form",
				example = "+5511987654321") String telefone,
		@Size(max = 40) @Nullable @Schema(
				description = "CPF or CNPJ (numeric or alphanumeric), with or without "
						+ "punctuation; answered in canonical form (digits and upper-case letters)",
				example = "12.ABC.345/01DE-35") String documento,
		@Nullable @Schema(description = "Defaults to true") Boolean ativo) {

	ClienteRequest {
		nome = nome == null ? null : nome.trim();
		email = email == null ? "" : email.trim();
		telefone = telefone == null ? "" : telefone.trim();
		documento = documento == null ? "" : documento.trim();
		ativo = ativo == null || ativo;
	}

	static ClienteRequest of(Cliente cliente) {
		return new ClienteRequest(cliente.nome, cliente.email, cliente.telefone, cliente.documento, cliente.ativo);
	}

}
