/**
 * The régua de cobrança (issue 43): the policy ({@code /api/finance/collection-policy/}),
 * the daily run and {@code POST /api/finance/collection/run/}, the e-mails over SMTP
 * ({@code SUITE_MAIL_*}, {@code MailSettings}, {@code Mailer}), their record
 * ({@code /api/finance/collection-messages/}), the public unsubscribe page
 * ({@code /descadastrar/{token}}) and the Régua de cobrança page. It implements the
 * root's {@code CollectionHistory} for other modules' pages and reads the cliente's
 * e-mail through the root's {@code PayerEmails} port (bills implements it).
 */
@NullMarked
package br.suite.finance.collection;

import org.jspecify.annotations.NullMarked;
