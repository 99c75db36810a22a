package br.suite.access.users;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;

import br.suite.shared.ClosedSet;

/** The writable fields of a user; absent optional fields take their defaults. */
public record UserRequest(
		@NotBlank @Size(max = 150) @Pattern(regexp = "[\\p{L}\\p{N}.@+_-]*",
				message = "may contain only letters, digits and . @ + - _") String username,
		@Email(message = "must be a valid e-mail address") @Size(max = 254) @Nullable String email,
		@Size(max = 200) @Nullable String fullName, @Size(max = 100) @Nullable String department,
		@Size(max = 100) @Nullable String jobTitle, @Nullable Boolean isEmployee, @NotNull Long roleId,
		@Nullable String status,
		@io.swagger.v3.oas.annotations.media.Schema(
				description = "The employee's CPF, with or without punctuation; stored as 11 digits, unique among users") @Nullable String cpf,
		@io.swagger.v3.oas.annotations.media.Schema(
				description = "The time clock establishment the employee works at") @Nullable Long establishmentId,
		@io.swagger.v3.oas.annotations.media.Schema(
				description = "The employee's payroll registration number (matrícula): letters, digits, . / -; unique among users") @Size(
						max = 30) @Pattern(regexp = "[0-9A-Za-z./-]*",
								message = "may contain only letters, digits and . / -") @Nullable String matricula,
		@io.swagger.v3.oas.annotations.media.Schema(
				description = "The cost centre the employee's hours belong to (an active one of /api/finance/cost-centres/); only for an employee") @Nullable Long costCentreId) {

	public UserRequest {
		username = username == null ? null : username.trim();
		email = email == null ? "" : email.trim();
		fullName = fullName == null ? "" : fullName.trim();
		department = department == null ? "" : department.trim();
		jobTitle = jobTitle == null ? "" : jobTitle.trim();
		isEmployee = isEmployee != null && isEmployee;
		status = status == null ? ClosedSet.wire(UserStatus.ACTIVE) : status;
		cpf = cpf == null || cpf.isBlank() ? null : cpf.trim();
		matricula = matricula == null || matricula.isBlank() ? null : matricula.trim();
	}

	public static UserRequest of(User user) {
		return new UserRequest(user.username, user.email, user.fullName, user.department, user.jobTitle,
				user.isEmployee, user.roleId, user.status, user.cpf, user.establishmentId, user.matricula,
				user.costCentreId);
	}

}
