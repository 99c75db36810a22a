/**
 * Controlled process documents (ISO 9001 clause 7.5): service-assigned codes, the draft →
 * in review → approved → obsolete lifecycle with recorded approvals, the review schedule,
 * one attached file per document kept in PostgreSQL, and the history of every change. It
 * reads users through {@link br.suite.access.AccessDirectory} only to keep approvers
 * apart from owners. It publishes {@link br.suite.processdocs.DocumentApproved} when a
 * document is approved and {@link br.suite.processdocs.DocumentReviewDue} once a day for
 * each document whose review is due.
 */
@ApplicationModule(allowedDependencies = { "shared", "access", "audit", "web" })
@NullMarked
package br.suite.processdocs;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
