package br.suite.customers;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The writable fields of a supplier, with the rules of {@link ClienteRequest}; absent
 * optional fields take their defaults. {@code default_category_id} is checked by the
 * module that owns categories ({@link FornecedorCategories}).
 */
record FornecedorRequest(
		@NotBlank @Size(max = 200) @Pattern(regexp = "[^\\x00]*",
				message = "must not contain the NUL character") @Schema(example = "Atacadão do Trigo Ltda") String nome,
		@Email(message = "must be a valid e-mail address") @Size(max = 254) @Nullable @Schema(
				example = "vendas@atacadaodotrigo.com.br") String email,
		@Size(max = 40) @Nullable @Schema(
				description = "A Brazilian number with or without its mask, or + and another country code; "
						+ "answered in E.164 form",
				example = "+551133334444") String telefone,
		@Size(max = 40) @Nullable @Schema(
				description = "CPF or CNPJ (numeric or alphanumeric), with or without punctuation; answered in "
						+ "canonical form (digits and upper-case letters)",
				example = "12.ABC.345/01DE-35") String documento,
		@Nullable @Schema(description = "Defaults to true") Boolean ativo,
		@Nullable @Schema(description = "An active expense category (GET /api/finance/categories/) its bills "
				+ "usually take, or null") Long defaultCategoryId) {

	FornecedorRequest {
		nome = nome == null ? null : nome.trim();
		email = email == null ? "" : email.trim();
		telefone = telefone == null ? "" : telefone.trim();
		documento = documento == null ? "" : documento.trim();
		ativo = ativo == null || ativo;
	}

	static FornecedorRequest of(Fornecedor fornecedor) {
		return new FornecedorRequest(fornecedor.nome, fornecedor.email, fornecedor.telefone, fornecedor.documento,
				fornecedor.ativo, fornecedor.defaultCategoryId);
	}

}
