package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;

import br.suite.Api;
import tools.jackson.databind.JsonNode;

/**
 * The jornada's back office (issue 24): an HR person creates a weekly schedule and
 * assigns it to an employee from a date, records an absence with its medical certificate,
 * and reviews the month with the figures the computation gives (checked here against the
 * schedule, the holidays and the marks, to the minute); a 12x36 cycle created, edited and
 * deleted while unused; the company's holidays; the certificate only with its permission;
 * every page in Portuguese and without sideways scroll on a 375 px phone.
 */
class JornadaBrowserTests extends BrowserTest {

	private static final ZoneId SAO_PAULO = ZoneId.of("America/Sao_Paulo");

	private static final DateTimeFormatter BR = DateTimeFormatter.ofPattern("dd/MM/yyyy");

	private static final String[] HR = { "timeclock.schedules.view", "timeclock.schedules.change",
			"timeclock.absences.view", "timeclock.absences.change", "timeclock.certificates.view",
			"timeclock.holidays.view", "timeclock.holidays.change", "timeclock.punches.view" };

	@Test
	void hrAssignsAScheduleRecordsAnAbsenceWithItsCertificateAndReviewsTheMonth() throws Exception {
		String employeeName = "Márcia Jornada " + unique("m");
		long employee = employee(employeeName);
		YearMonth month = YearMonth.now(SAO_PAULO).minusMonths(1);
		List<LocalDate> workDays = workDays(month);
		LocalDate worked = firstWithNext(workDays);
		LocalDate sick = worked.plusDays(1);
		Person hr = person(true, "Heloísa RH", HR);
		WebDriver browser = browser();
		signIn(hr.username(), hr.password());

		// A weekly schedule; a tolerance above the law's 5 minutes is refused in
		// Portuguese.
		waitFor(By.linkText("Escalas")).click();
		waitFor(By.id("nova-escala")).click();
		String schedule = unique("Comercial");
		waitFor(By.id("name")).sendKeys(schedule);
		for (String day : List.of("mon", "tue", "wed", "thu", "fri")) {
			browser.findElement(By.id("day_" + day)).sendKeys("08:00-12:00, 13:00-17:00");
		}
		setText(browser, "tolerance_per_mark_minutes", "7");
		browser.findElement(By.id("salvar-escala")).click();
		assertThat(waitFor(By.id("erro-tolerance_per_mark_minutes")).getText())
			.isEqualTo("De 0 a 5 minutos (CLT art. 58 §1; Súmula 449 do TST).");
		assertThat(browser.findElement(By.id("day_mon")).getDomProperty("value")).isEqualTo("08:00-12:00, 13:00-17:00");
		assertThat(scheduleNamed(schedule)).isNull();
		setText(browser, "tolerance_per_mark_minutes", "5");
		browser.findElement(By.id("salvar-escala")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Escala “" + schedule + "” salva.");
		JsonNode created = scheduleNamed(schedule);
		assertThat(created.get("kind").asString()).isEqualTo("weekly");
		assertThat(created.get("days").get("mon").toString())
			.isEqualTo("[{\"start\":\"08:00\",\"end\":\"12:00\"},{\"start\":\"13:00\",\"end\":\"17:00\"}]");
		assertThat(created.get("days").get("sat").size()).isZero();
		assertThat(created.get("rest_day").asString()).isEqualTo("sun");
		assertThat(browser.findElement(By.id("escala-" + created.get("id").asLong())).getText())
			.contains("seg: 08:00-12:00, 13:00-17:00", "DSR: dom", "5 min por marcação, 10 min por dia");

		// Assigned from the first day of last month; the history shows it.
		waitFor(By.id("atribuir")).click();
		new Select(waitFor(By.id("filtro-empregado"))).selectByVisibleText(employeeName);
		browser.findElement(By.cssSelector("form.filtros button")).click();
		assertThat(waitFor(By.id("sem-escala")).getText()).startsWith("Nenhuma escala atribuída");
		new Select(browser.findElement(By.id("schedule_id"))).selectByVisibleText(schedule);
		browser.findElement(By.id("valid_from")).sendKeys("31/02/2026");
		browser.findElement(By.cssSelector("#atribuir-escala button")).click();
		assertThat(waitFor(By.id("erro-valid_from")).getText()).isEqualTo("Informe a data como dd/mm/aaaa.");
		assertThat(this.api.get("/api/timeclock/employees/" + employee + "/schedule/").json().size()).isZero();
		setText(browser, "valid_from", BR.format(month.atDay(1)));
		new Select(browser.findElement(By.id("schedule_id"))).selectByVisibleText(schedule);
		browser.findElement(By.cssSelector("#atribuir-escala button")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText())
			.isEqualTo("Escala “" + schedule + "” atribuída.");
		assertThat(waitFor(By.id("historico")).getText()).contains(BR.format(month.atDay(1)), schedule);
		JsonNode assignment = this.api.get("/api/timeclock/employees/" + employee + "/schedule/").json().get(0);
		assertThat(assignment.get("valid_from").asString()).isEqualTo(month.atDay(1).toString());
		assertThat(assignment.get("schedule_id").asLong()).isEqualTo(created.get("id").asLong());
		screenshot(browser, "assignment");

		// The worked day's marks (an HR adjustment through the API): 08:00-12:00,
		// 13:00-18:30.
		include(employee, "entrada", worked, "08:00");
		include(employee, "saida", worked, "12:00");
		include(employee, "entrada", worked, "13:00");
		include(employee, "saida", worked, "18:30");

		// The next day: a medical certificate, attached as a PNG.
		Path png = Files.createTempFile("atestado", ".png");
		byte[] image = png();
		Files.write(png, image);
		waitFor(By.linkText("Ausências")).click();
		new Select(waitFor(By.id("employee_id"))).selectByVisibleText(employeeName);
		browser.findElement(By.id("date_from")).sendKeys(BR.format(sick));
		new Select(browser.findElement(By.id("kind"))).selectByVisibleText("Atestado médico");
		browser.findElement(By.id("note")).sendKeys("Gripe, CID não informado");
		browser.findElement(By.id("certificate")).sendKeys(png.toAbsolutePath().toString());
		browser.findElement(By.cssSelector("#registrar-ausencia button")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText())
			.isEqualTo("Ausência de " + employeeName + " registrada.");
		Files.delete(png);
		JsonNode absence = this.api.get("/api/timeclock/absences/?employee_id=" + employee).json().get(0);
		assertThat(absence.get("date_from").asString()).isEqualTo(sick.toString());
		assertThat(absence.get("date_to").asString()).isEqualTo(sick.toString());
		assertThat(absence.get("kind").asString()).isEqualTo("atestado");
		assertThat(absence.get("certificate_content_type").asString()).isEqualTo("image/png");
		long absenceId = absence.get("id").asLong();
		String row = waitFor(By.id("ausencia-" + absenceId)).getText();
		assertThat(row).contains(employeeName, BR.format(sick), "Atestado médico", "(abonada)",
				"Gripe, CID não informado", "Abrir atestado");
		String link = browser.findElement(By.id("atestado-" + absenceId)).getDomAttribute("href");
		HttpResponse<byte[]> file = PageClient
			.withSession(this.api.base(), browser.manage().getCookieNamed("JSESSIONID").getValue())
			.bytes(link);
		assertThat(file.statusCode()).isEqualTo(200);
		assertThat(file.headers().firstValue("Content-Type").orElse("")).isEqualTo("image/png");
		assertThat(file.body()).isEqualTo(image);
		screenshot(browser, "absence");

		// The month review: each figure of the computation, per day and for the month.
		browser.get(url("/app/timesheet/?employee_id=" + employee + "&month=" + month));
		String workedRow = waitFor(By.id("dia-" + worked)).getText();
		assertThat(workedRow).contains("Trabalho 08:00–12:00, 13:00–17:00", "08:00 Entrada", "18:30 Saída", "9:30",
				"8:00", "1:30");
		assertThat(cell(browser, worked, 4)).isEqualTo("9:30");
		assertThat(cell(browser, worked, 5)).isEqualTo("8:00");
		assertThat(cell(browser, worked, 8)).isEqualTo("1:30");
		assertThat(cell(browser, worked, 10)).isEmpty();
		assertThat(cell(browser, worked, 14)).isEmpty();
		assertThat(cell(browser, sick, 4)).isEqualTo("0:00");
		assertThat(cell(browser, sick, 12)).isEqualTo("8:00");
		assertThat(cell(browser, sick, 11)).isEmpty();
		LocalDate missed = workDays.stream()
			.filter(d -> !d.equals(worked) && !d.equals(sick))
			.findFirst()
			.orElseThrow();
		assertThat(cell(browser, missed, 11)).isEqualTo("8:00");
		assertThat(cell(browser, missed, 14)).isEqualTo("falta sem justificativa");
		int expected = workDays.size() * 480;
		int absent = (workDays.size() - 2) * 480;
		assertThat(browser.findElement(By.id("total")).getText()).isEqualTo("9:30");
		assertThat(total(browser, "total-previstas")).isEqualTo(hours(expected));
		assertThat(total(browser, "total-extras-50")).isEqualTo("1:30");
		assertThat(total(browser, "total-extras-100")).isEqualTo("0:00");
		assertThat(total(browser, "total-atrasos")).isEqualTo("0:00");
		assertThat(total(browser, "total-faltas")).isEqualTo(hours(absent));
		assertThat(total(browser, "total-abonadas")).isEqualTo("8:00");
		assertThat(total(browser, "saldo-banco")).isEqualTo("+0:00");
		assertThat(browser.findElement(By.id("espelho")).getText()).contains("perda do DSR")
			.doesNotContain("overtime", "worked_minutes", "unjustified_absence", "Total:");
		// The page's figures are the API's.
		JsonNode sheet = this.api.get("/api/timeclock/timesheets/?employee_id=" + employee + "&month=" + month).json();
		assertThat(sheet.get("expected_minutes").asInt()).isEqualTo(expected);
		assertThat(sheet.get("absence_minutes").asInt()).isEqualTo(absent);
		String pdf = browser.findElement(By.id("baixar-pdf")).getDomAttribute("href");
		HttpResponse<byte[]> printed = PageClient
			.withSession(this.api.base(), browser.manage().getCookieNamed("JSESSIONID").getValue())
			.bytes(pdf);
		assertThat(printed.statusCode()).isEqualTo(200);
		assertThat(new String(printed.body(), 0, 5, java.nio.charset.StandardCharsets.ISO_8859_1)).isEqualTo("%PDF-");
		screenshot(browser, "review");

		// The schedule in use cannot be deleted: no button, and the form's post is
		// refused
		// in Portuguese.
		browser.get(url("/app/schedules/"));
		assertThat(waitFor(By.id("escala-" + created.get("id").asLong())).getText()).contains("Em uso");
		assertThat(browser.findElements(By.id("excluir-" + created.get("id").asLong()))).isEmpty();
		PageClient same = PageClient.withSession(this.api.base(),
				browser.manage().getCookieNamed("JSESSIONID").getValue());
		same.get("/app/schedules/");
		HttpResponse<String> refused = same.post("/app/schedules/" + created.get("id").asLong() + "/delete", Map.of());
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body())
			.contains("A escala “" + schedule + "” já foi atribuída a empregados e não pode ser excluída.");
		assertThat(scheduleNamed(schedule)).isNotNull();
	}

	@Test
	void createsEditsAndDeletesACycleScheduleAndKeepsTheCompanysHolidays() {
		Person hr = person(false, "Hugo RH", HR);
		WebDriver browser = browser();
		signIn(hr.username(), hr.password());
		browser.get(url("/app/schedules/new"));
		String name = unique("12x36 noturno");
		waitFor(By.id("name")).sendKeys(name);
		browser.findElement(By.id("kind-cycle")).click();
		browser.findElement(By.id("cycle_start")).sendKeys("02/11/2026");
		browser.findElement(By.id("intervals")).sendKeys("19:00 às 7");
		browser.findElement(By.id("time_bank")).click();
		setText(browser, "time_bank_expiry_months", "13");
		browser.findElement(By.id("salvar-escala")).click();
		assertThat(waitFor(By.id("erro-intervals")).getText())
			.isEqualTo("Informe os horários do plantão, como 19:00-07:00.");
		setText(browser, "intervals", "19:00-07:00");
		browser.findElement(By.id("salvar-escala")).click();
		assertThat(waitFor(By.id("erro-time_bank_expiry_months")).getText())
			.isEqualTo("De 1 a 12 meses (CLT art. 59 §2 e §5).");
		assertThat(browser.findElement(By.tagName("main")).getText()).doesNotContain("must", "time_bank");
		assertThat(scheduleNamed(name)).isNull();
		setText(browser, "time_bank_expiry_months", "6");
		browser.findElement(By.id("salvar-escala")).click();
		waitFor(By.cssSelector("[role=status]"));
		JsonNode cycle = scheduleNamed(name);
		assertThat(cycle.get("kind").asString()).isEqualTo("cycle");
		assertThat(cycle.get("cycle_start").asString()).isEqualTo("2026-11-02");
		assertThat(cycle.get("work_days").asInt()).isEqualTo(1);
		assertThat(cycle.get("off_days").asInt()).isEqualTo(1);
		assertThat(cycle.get("intervals").toString()).isEqualTo("[{\"start\":\"19:00\",\"end\":\"07:00\"}]");
		assertThat(cycle.get("time_bank").asBoolean()).isTrue();
		assertThat(cycle.get("time_bank_expiry_months").asInt()).isEqualTo(6);
		assertThat(cycle.get("night_reduced_hour").asBoolean()).isTrue();
		long id = cycle.get("id").asLong();
		assertThat(browser.findElement(By.id("escala-" + id)).getText()).contains("Revezamento",
				"1 dia(s) de trabalho e 1 de folga desde 02/11/2026: 19:00-07:00", "Sim, prazo de 6 mês(es)");

		// Edited: tolerances and no reduced night hour.
		browser.findElement(By.linkText(name)).click();
		assertThat(waitFor(By.id("intervals")).getDomProperty("value")).isEqualTo("19:00-07:00");
		setText(browser, "tolerance_daily_minutes", "8");
		browser.findElement(By.id("night_reduced_hour")).click();
		browser.findElement(By.id("salvar-escala")).click();
		waitFor(By.cssSelector("[role=status]"));
		JsonNode edited = scheduleNamed(name);
		assertThat(edited.get("tolerance_daily_minutes").asInt()).isEqualTo(8);
		assertThat(edited.get("night_reduced_hour").asBoolean()).isFalse();
		assertThat(edited.get("intervals").toString()).isEqualTo(cycle.get("intervals").toString());

		// Deleted while unused.
		browser.findElement(By.id("excluir-" + id)).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Escala “" + name + "” excluída.");
		assertThat(scheduleNamed(name)).isNull();

		// Holidays: the national ones of the year with their law; a municipal one added
		// for every establishment, then removed.
		waitFor(By.linkText("Feriados")).click();
		setText(browser, "year", "2034");
		browser.findElement(By.cssSelector("form.filtros button")).click();
		assertThat(waitFor(By.id("nacional-2034-04-21")).getText()).contains("21/04/2034", "Tiradentes", "Lei 662/1949",
				"Nacional", "Todos os estabelecimentos");
		assertThat(browser.findElement(By.id("feriados")).getText()).contains("Sexta-feira da Paixão",
				"Dia Nacional de Zumbi e da Consciência Negra");
		browser.findElement(By.id("date")).sendKeys("19/03/2034");
		browser.findElement(By.id("name")).sendKeys("Dia de São José");
		new Select(browser.findElement(By.id("scope"))).selectByVisibleText("Estadual");
		browser.findElement(By.cssSelector("#incluir-feriado button")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Feriado “Dia de São José” incluído.");
		JsonNode added = holiday("2034", "Dia de São José");
		assertThat(added.get("scope").asString()).isEqualTo("state");
		assertThat(added.get("establishment_id").isNull()).isTrue();
		long holidayId = added.get("id").asLong();
		assertThat(waitFor(By.id("feriado-" + holidayId)).getText()).contains("19/03/2034", "Estadual");
		// The same date again for every establishment: refused next to the date.
		browser.findElement(By.id("date")).sendKeys("19/03/2034");
		browser.findElement(By.id("name")).sendKeys("Outro");
		browser.findElement(By.cssSelector("#incluir-feriado button")).click();
		assertThat(waitFor(By.id("erro-date")).getText())
			.isEqualTo("Já há um feriado nessa data para esses estabelecimentos.");
		browser.findElement(By.id("remover-" + holidayId)).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Feriado “Dia de São José” removido.");
		assertThat(holiday("2034", "Dia de São José")).isNull();
	}

	@Test
	void theCertificateNeedsItsPermissionAndEveryPageFitsAPhone() throws Exception {
		long employee = employee("Nina Sem Atestado " + unique("n"));
		Api.Response absence = this.api.post("/api/timeclock/absences/",
				json("employee_id", employee, "date_from", "2026-10-05", "date_to", "2026-10-06", "kind", "atestado"));
		assertThat(absence.status()).isEqualTo(201);
		long id = absence.id();
		Person clerk = person(false, "Cláudio Ausências", "timeclock.absences.view", "timeclock.absences.change",
				"timeclock.schedules.view", "timeclock.holidays.view");
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(clerk.username(), clerk.password());
		// A scanned certificate of 2 MiB: above a form's 1 MiB, within the file's 8 MiB.
		byte[] pdf = java.util.Arrays
			.copyOf("%PDF-1.4\n%atestado\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), 2 * 1024 * 1024);
		pages.get("/app/absences/?employee_id=" + employee + "&month=2026-10");
		// A file that is not a PDF, JPEG or PNG is refused and nothing is recorded.
		HttpResponse<String> refused = pages.postMultipart("/app/absences/",
				Map.of("employee_id", Long.toString(employee), "date_from", "12/10/2026", "kind", "atestado"),
				"certificate", "atestado.txt", "texto".getBytes(java.nio.charset.StandardCharsets.UTF_8));
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("O atestado deve ser um arquivo PDF, JPEG ou PNG de até 8 MB.");
		assertThat(this.api.get("/api/timeclock/absences/?employee_id=" + employee).json().size()).isEqualTo(1);
		HttpResponse<String> recorded = pages.postMultipart("/app/absences/",
				Map.of("employee_id", Long.toString(employee), "date_from", "12/10/2026", "kind", "atestado"),
				"certificate", "atestado.pdf", pdf);
		assertThat(recorded.statusCode()).isEqualTo(302);
		JsonNode withFile = this.api.get("/api/timeclock/absences/?employee_id=" + employee).json().get(1);
		assertThat(withFile.get("certificate_content_type").asString()).isEqualTo("application/pdf");
		String list = pages.get("/app/absences/?employee_id=" + employee + "&month=2026-10").body();
		assertThat(list).contains("Anexado", "05/10/2026 a 06/10/2026").doesNotContain("/certificate");
		assertThat(pages.get("/app/absences/" + id + "/certificate").statusCode()).isEqualTo(403);
		assertThat(pages.get("/app/absences/" + withFile.get("id").asLong() + "/certificate").statusCode())
			.isEqualTo(403);
		// Without the change permissions: the forms are refused.
		assertThat(pages.get("/app/schedules/new").statusCode()).isEqualTo(403);
		assertThat(pages.post("/app/schedules/new", Map.of("name", "x", "kind", "weekly")).statusCode()).isEqualTo(403);
		assertThat(
				pages.post("/app/holidays/", Map.of("date", "19/03/2035", "name", "x", "scope", "state")).statusCode())
			.isEqualTo(403);
		assertThat(pages
			.post("/app/schedules/assignments", Map.of("employee_id", Long.toString(employee), "schedule_id", "1"))
			.statusCode()).isEqualTo(403);

		// On a 375 px phone, as HR: no page scrolls sideways.
		Person hr = person(true, "Helena Celular", HR);
		WebDriver phone = open(375, 800);
		signIn(phone, hr.username(), hr.password());
		for (String path : List.of("/app/schedules/", "/app/schedules/new",
				"/app/schedules/assignments?employee_id=" + employee, "/app/holidays/?year=2026",
				"/app/absences/?employee_id=" + employee + "&month=2026-10",
				"/app/timesheet/?employee_id=" + employee + "&month=2026-10")) {
			phone.get(url(path));
			waitFor(phone, By.tagName("h1"));
			long scroll = (Long) ((JavascriptExecutor) phone)
				.executeScript("return document.documentElement.scrollWidth");
			assertThat(scroll).as(path).isLessThanOrEqualTo(375);
		}
		assertThat(waitFor(phone, By.id("dia-2026-10-05")).getText()).contains("05/10/2026", "Sem escala");
		screenshot(phone, "phone-review");
	}

	private long employee(String name) {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("empregado"), "permissions", List.of()));
		Api.Response user = this.api.post("/api/access/users/",
				json("username", unique("emp"), "full_name", name, "is_employee", true, "role_id", role.id()));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	private void include(long employee, String type, LocalDate day, String time) {
		String at = day.atTime(java.time.LocalTime.parse(time)).atZone(SAO_PAULO).toOffsetDateTime().toString();
		Api.Response included = this.api.post("/api/timeclock/punch-adjustments/", json("kind", "include",
				"employee_id", employee, "event_type", type, "occurred_at", at, "reason", "Relógio em manutenção"));
		assertThat(included.status()).as(included.toString()).isEqualTo(201);
	}

	/**
	 * Monday to Friday of the month, without the holidays of the default establishment.
	 */
	private List<LocalDate> workDays(YearMonth month) {
		Set<String> holidays = new HashSet<>();
		long establishment = this.api.get("/api/timeclock/establishments/").json().get(0).get("id").asLong();
		for (JsonNode h : this.api
			.get("/api/timeclock/holidays/?year=" + month.getYear() + "&establishment_id=" + establishment)
			.json()) {
			holidays.add(h.get("date").asString());
		}
		return month.atDay(1)
			.datesUntil(month.atEndOfMonth().plusDays(1))
			.filter(d -> d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY)
			.filter(d -> !holidays.contains(d.toString()))
			.toList();
	}

	private static LocalDate firstWithNext(List<LocalDate> days) {
		for (LocalDate day : days) {
			if (days.contains(day.plusDays(1))) {
				return day;
			}
		}
		throw new AssertionError("No two working days in a row in " + days);
	}

	private static String cell(WebDriver browser, LocalDate day, int column) {
		return browser.findElement(By.cssSelector("#dia-" + day + " td:nth-child(" + column + ")")).getText().strip();
	}

	private static String total(WebDriver browser, String id) {
		return browser.findElement(By.cssSelector("#" + id + " strong")).getText();
	}

	private static String hours(int minutes) {
		return minutes / 60 + ":" + String.format("%02d", minutes % 60);
	}

	private static void setText(WebDriver browser, String id, String text) {
		browser.findElement(By.id(id)).clear();
		browser.findElement(By.id(id)).sendKeys(text);
	}

	private JsonNode scheduleNamed(String name) {
		for (JsonNode s : this.api.get("/api/timeclock/schedules/").json()) {
			if (s.get("name").asString().equals(name)) {
				return s;
			}
		}
		return null;
	}

	private JsonNode holiday(String year, String name) {
		for (JsonNode h : this.api.get("/api/timeclock/holidays/?year=" + year).json()) {
			if (h.get("name").asString().equals(name)) {
				return h;
			}
		}
		return null;
	}

	private static byte[] png() throws Exception {
		BufferedImage image = new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ImageIO.write(image, "png", out);
		return out.toByteArray();
	}

}
