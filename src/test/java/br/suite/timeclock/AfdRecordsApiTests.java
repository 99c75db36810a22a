package br.suite.timeclock;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 14: AFD types 2 and 5 are written when they happen, each with its own NSR in the
 * establishment's sequence shared with the punches, and read back by {@link AfdReader},
 * which shares no code with the exporter.
 */
class AfdRecordsApiTests extends ApiTest {

	/**
	 * An administrator-like client whose user has a CPF, so records name it as the person
	 * responsible.
	 */
	record Actor(Api api, String cpf) {
	}

	Actor actorWithCpf() {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("afd-actor"), "permissions",
						List.of("access.users.view", "access.users.change", "timeclock.establishments.view",
								"timeclock.establishments.change", "timeclock.afd.export", "timeclock.punches.register",
								"timeclock.punches.view")));
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		String username = unique("afd-actor");
		String cpf = RepApiTests.cpf();
		Response user = this.api.post("/api/access/users/",
				json("username", username, "role_id", role.id(), "cpf", cpf));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return new Actor(this.api.as(this.api.signIn(username, user.json().get("temporary_password").asString())), cpf);
	}

	/**
	 * A role without permissions, so the actor above has authority over its employees.
	 */
	long employeeRole() {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("afd-employee"), "permissions", List.of()));
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		return role.id();
	}

	static long establishment(Api api, String name, String document, String zone) {
		Response created = api.post("/api/timeclock/establishments/",
				json("name", name, "employer_document", document, "address", "Rua " + name + ", 7", "time_zone", zone));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	static Response punch(Api api, long employee) {
		Response punched = api.post("/api/timeclock/punch/register/",
				json("event_type", "entrada", "employee_id", employee, "snapshot_base64",
						Base64.getEncoder().encodeToString(FacePhotos.noFace()), "source", "browser"));
		assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
		return punched;
	}

	static AfdReader.Content afd(Api api, long establishment) {
		Response file = api.get("/api/timeclock/afd/?establishment_id=" + establishment + "&allow_incomplete=true");
		assertThat(file.status()).as(file.toString()).isEqualTo(200);
		AfdReader.Content content = AfdReader.read(file.bytes(), "");
		List<Long> nsrs = content.entries().stream().map(AfdReader.Entry::nsr).toList();
		for (int i = 0; i < nsrs.size(); i++) {
			assertThat(nsrs.get(i)).as("contiguous NSRs from 1: " + nsrs).isEqualTo(i + 1L);
		}
		return content;
	}

	long lastNsr(long establishment) {
		return this.api.get("/api/timeclock/establishments/" + establishment + "/").json().get("last_nsr").asLong();
	}

	@Test
	void anEmployeesLifeIsWrittenAsTypes2And5BetweenThePunchesInNsrOrder() {
		Actor actor = actorWithCpf();
		long store = establishment(actor.api(), "Mercado Ciclo Ltda", "11.222.333/0001-81", "America/Manaus");
		String cpf = RepApiTests.cpf();
		Response created = actor.api()
			.post("/api/access/users/", json("username", unique("afd"), "full_name", "Joana Ciclo", "is_employee", true,
					"role_id", employeeRole(), "cpf", cpf, "establishment_id", store));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long joana = created.id();
		Response first = punch(actor.api(), joana);
		Response renamed = actor.api()
			.patch("/api/access/users/" + joana + "/", json("full_name", "Joana Ciclo Souza"));
		assertThat(renamed.status()).as(renamed.toString()).isEqualTo(200);
		// A save that changes nothing the AFD holds writes nothing.
		assertThat(actor.api().patch("/api/access/users/" + joana + "/", json("department", "Caixa")).status())
			.isEqualTo(200);
		Response second = punch(actor.api(), joana);
		assertThat(actor.api().delete("/api/access/users/" + joana + "/").status()).isEqualTo(204);

		AfdReader.Content afd = afd(actor.api(), store);
		assertThat(afd.entries()).extracting(AfdReader.Entry::type).containsExactly('2', '5', '7', '5', '7', '5');
		assertThat(afd.counts()[2]).isEqualTo(1);
		assertThat(afd.counts()[5]).isEqualTo(3);
		assertThat(afd.counts()[7]).isEqualTo(2);
		assertThat(first.json().get("nsr").asLong()).isEqualTo(3);
		assertThat(second.json().get("nsr").asLong()).isEqualTo(5);
		assertThat(lastNsr(store)).isEqualTo(6);

		AfdReader.Employer employer = afd.employers().get(0);
		assertThat(employer.nsr()).isEqualTo(1);
		assertThat(employer.documentType()).isEqualTo('1');
		assertThat(employer.document()).isEqualTo("11222333000181");
		assertThat(employer.name()).isEqualTo("Mercado Ciclo Ltda");
		assertThat(employer.address()).isEqualTo("Rua Mercado Ciclo Ltda, 7");
		assertThat(employer.responsible()).isEqualTo(actor.cpf() + "   ");
		assertThat(employer.recordedAt()).endsWith("-0400");

		assertThat(afd.employees()).extracting(AfdReader.Employee::operation).containsExactly('I', 'A', 'E');
		assertThat(afd.employees()).extracting(AfdReader.Employee::cpf).containsOnly("0" + cpf);
		assertThat(afd.employees()).extracting(AfdReader.Employee::name)
			.containsExactly("Joana Ciclo", "Joana Ciclo Souza", "Joana Ciclo Souza");
		assertThat(afd.employees()).extracting(AfdReader.Employee::responsible).containsOnly(actor.cpf());
		assertThat(afd.punches()).extracting(AfdReader.Punch::cpf).containsOnly("0" + cpf);

		// The reader checked the type-7 chain (punches only, across the records between
		// them) with genesis "";
		// the hashes are those fixed at the punch. verify-chain reads the sequence shared
		// with the records.
		assertThat(afd.punches().get(0).hash()).isEqualTo(first.json().get("afd_hash").asString());
		assertThat(afd.punches().get(1).hash()).isEqualTo(second.json().get("afd_hash").asString());
		Response report = this.api.get("/api/timeclock/punches/verify-chain/?establishment_id=" + store);
		assertThat(report.json().get("intact").asBoolean()).as(report.toString()).isTrue();
		assertThat(report.json().get("checked_count").asLong()).isEqualTo(2);
		assertThat(report.json().get("last_nsr").asLong()).isEqualTo(6);
	}

	@Test
	void anActorWithoutCpfIsWrittenAsSpacesInType2AndZerosInType5() {
		long store = establishment(this.api, "Loja Sem Responsavel", "12345678000195", "America/Sao_Paulo");
		String cpf = RepApiTests.cpf();
		Response user = this.api.post("/api/access/users/", json("username", unique("afd"), "full_name", "Rui",
				"is_employee", true, "role_id", 1, "cpf", cpf, "establishment_id", store));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		AfdReader.Content afd = afd(this.api, store);
		assertThat(afd.employers().get(0).responsible()).isEqualTo(" ".repeat(14));
		assertThat(afd.employees().get(0).responsible()).isEqualTo("0".repeat(11));
	}

	@Test
	void employerChangesWriteType2OnlyWhenTheEmployerDataChange() {
		long store = establishment(this.api, "Loja Mutante Ltda", "11222333000181", "America/Sao_Paulo");
		assertThat(this.api.patch("/api/timeclock/establishments/" + store + "/", json("time_zone", "America/Bahia"))
			.status()).isEqualTo(200);
		assertThat(this.api.patch("/api/timeclock/establishments/" + store + "/", json("active", false)).status())
			.isEqualTo(200);
		assertThat(lastNsr(store)).isEqualTo(1);
		assertThat(
				this.api
					.patch("/api/timeclock/establishments/" + store + "/",
							json("name", "Loja Mutante S.A.", "address", "Av. Nova, 2", "cei_caepf_cno",
									"123456789012"))
					.status())
			.isEqualTo(200);
		Response refused = this.api.patch("/api/timeclock/establishments/" + store + "/",
				json("employer_document", "11222333000182"));
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.json().get("errors").has("employer_document")).isTrue();
		assertThat(lastNsr(store)).isEqualTo(2);
		AfdReader.Content afd = afd(this.api, store);
		assertThat(afd.entries()).extracting(AfdReader.Entry::type).containsExactly('2', '2');
		assertThat(afd.employers().get(1).name()).isEqualTo("Loja Mutante S.A.");
		assertThat(afd.employers().get(1).address()).isEqualTo("Av. Nova, 2");
		assertThat(afd.employers().get(1).cno()).isEqualTo("123456789012");
		assertThat(afd.employers().get(1).recordedAt()).endsWith("-0300");
	}

	@Test
	void movingAnEmployeeExcludesThemFromOneSequenceAndIncludesThemInTheOther() {
		long north = establishment(this.api, "Filial Norte", "11222333000181", "America/Manaus");
		long south = establishment(this.api, "Filial Sul", "12345678000195", "America/Sao_Paulo");
		String cpf = RepApiTests.cpf();
		Response user = this.api.post("/api/access/users/", json("username", unique("afd"), "full_name", "Teo",
				"is_employee", true, "role_id", 1, "cpf", cpf, "establishment_id", north));
		long teo = user.id();
		punch(this.api, teo);
		assertThat(this.api.patch("/api/access/users/" + teo + "/", json("establishment_id", south)).status())
			.isEqualTo(200);
		punch(this.api, teo);
		String newCpf = RepApiTests.cpf();
		assertThat(this.api.patch("/api/access/users/" + teo + "/", json("cpf", newCpf)).status()).isEqualTo(200);
		// Not an employee any more: excluded; an employee again: included again.
		assertThat(this.api.patch("/api/access/users/" + teo + "/", json("is_employee", false)).status())
			.isEqualTo(200);
		assertThat(this.api.patch("/api/access/users/" + teo + "/", json("is_employee", true)).status()).isEqualTo(200);

		AfdReader.Content n = afd(this.api, north);
		assertThat(n.entries()).extracting(AfdReader.Entry::type).containsExactly('2', '5', '7', '5');
		assertThat(n.employees()).extracting(AfdReader.Employee::operation).containsExactly('I', 'E');
		assertThat(n.employees()).extracting(AfdReader.Employee::cpf).containsOnly("0" + cpf);

		AfdReader.Content s = afd(this.api, south);
		assertThat(s.entries()).extracting(AfdReader.Entry::type).containsExactly('2', '5', '7', '5', '5', '5', '5');
		assertThat(s.employees()).extracting(e -> e.operation() + e.cpf().substring(1))
			.containsExactly("I" + cpf, "E" + cpf, "I" + newCpf, "E" + newCpf, "I" + newCpf);
	}

	@Test
	void aRefusedEmployeeChangeWritesNoRecord() {
		long store = establishment(this.api, "Loja Recusa", "11222333000181", "America/Sao_Paulo");
		Response invalid = this.api.post("/api/access/users/", json("username", unique("afd"), "full_name", "Ivo",
				"is_employee", true, "role_id", 1, "cpf", "123.456.789-00", "establishment_id", store));
		assertThat(invalid.status()).isEqualTo(400);
		assertThat(invalid.json().get("errors").has("cpf")).isTrue();
		String cpf = RepApiTests.cpf();
		long ivo = this.api
			.post("/api/access/users/",
					json("username", unique("afd"), "full_name", "Ivo", "is_employee", true, "role_id", 1, "cpf", cpf,
							"establishment_id", store))
			.id();
		assertThat(lastNsr(store)).isEqualTo(2);
		Response badCpf = this.api.patch("/api/access/users/" + ivo + "/",
				json("full_name", "Ivo Novo", "cpf", "111.111.111-12"));
		assertThat(badCpf.status()).isEqualTo(400);
		Response badPlace = this.api.patch("/api/access/users/" + ivo + "/",
				json("full_name", "Ivo Novo", "establishment_id", 999_999_999));
		assertThat(badPlace.status()).isEqualTo(400);
		// Someone else's CPF: 409, and nothing is written either.
		long other = this.api
			.post("/api/access/users/",
					json("username", unique("afd"), "full_name", "Outro", "is_employee", true, "role_id", 1, "cpf",
							RepApiTests.cpf(), "establishment_id", store))
			.id();
		String taken = this.api.get("/api/access/users/" + other + "/").json().get("cpf").asString();
		assertThat(
				this.api.patch("/api/access/users/" + ivo + "/", json("full_name", "Ivo Novo", "cpf", taken)).status())
			.isEqualTo(409);
		assertThat(lastNsr(store)).isEqualTo(3);
		assertThat(afd(this.api, store).employees()).extracting(AfdReader.Employee::name)
			.containsExactly("Ivo", "Outro");
		assertThat(this.api.get("/api/access/users/" + ivo + "/").json().get("full_name").asString()).isEqualTo("Ivo");
	}

	@Test
	void concurrentPunchesAndEmployeeChangesNeverRepeatNorSkipAnNsr() throws Exception {
		long store = establishment(this.api, "Loja Concorrida", "11222333000181", "America/Sao_Paulo");
		List<Long> employees = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			employees.add(
					this.api
						.post("/api/access/users/",
								json("username", unique("afd"), "full_name", "Pessoa " + i, "is_employee", true,
										"role_id", 1, "cpf", RepApiTests.cpf(), "establishment_id", store))
						.id());
		}
		ExecutorService pool = Executors.newFixedThreadPool(8);
		List<CompletableFuture<Integer>> work = new ArrayList<>();
		try {
			for (int round = 0; round < 6; round++) {
				for (int i = 0; i < employees.size(); i++) {
					long id = employees.get(i);
					String name = "Pessoa " + i + " v" + round;
					work.add(CompletableFuture.supplyAsync(() -> punch(this.api, id).status(), pool));
					work.add(CompletableFuture.supplyAsync(
							() -> this.api.patch("/api/access/users/" + id + "/", json("full_name", name)).status(),
							pool));
				}
			}
			for (CompletableFuture<Integer> done : work) {
				assertThat(done.get()).isIn(200, 201);
			}
		}
		finally {
			pool.shutdown();
		}
		AfdReader.Content afd = afd(this.api, store);
		// 1 type 2, 4 inclusions, 24 renames, 24 punches: every NSR once, contiguous
		// (checked in afd()).
		assertThat(afd.entries()).hasSize(1 + 4 + 24 + 24);
		assertThat(afd.counts()[5]).isEqualTo(28);
		assertThat(afd.counts()[7]).isEqualTo(24);
		assertThat(lastNsr(store)).isEqualTo(53);
		assertThat(this.api.get("/api/timeclock/punches/verify-chain/?establishment_id=" + store)
			.json()
			.get("intact")
			.asBoolean()).isTrue();
	}

}
