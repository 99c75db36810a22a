package br.suite.finance.reconciliation;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The window around a charge's due date (a fiscal document's issue date) in which a
 * payment of the same amount by the same CPF/CNPJ is suggested: from
 * {@code windowBeforeDays} before to {@code windowAfterDays} after, inclusive
 * ({@code suite.finance.reconciliation.window-before-days} / {@code window-after-days}).
 */
@ConfigurationProperties("suite.finance.reconciliation")
record ReconciliationSettings(@DefaultValue("5") int windowBeforeDays, @DefaultValue("30") int windowAfterDays) {
}
