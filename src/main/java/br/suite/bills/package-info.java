/**
 * Bills (contas a pagar e a receber): what the company owes suppliers and is owed by
 * customers, in installments, classified by the management chart of categories and by
 * cost centres, and paid manually or by settled bank debits; the reports built on them
 * (the cash flow, the DRE). One flat package per slice ({@code category},
 * {@code costcentre}, {@code bill}, {@code payment}, {@code account}, {@code cashflow},
 * {@code dre}, {@code nfe}); the root holds the field rules they share. It reads parties
 * through {@link br.suite.customers.ClienteDirectory} and
 * {@link br.suite.customers.FornecedorDirectory} (and keeps referenced ones from being
 * deleted as a {@link br.suite.customers.ClienteReferences} and
 * {@link br.suite.customers.FornecedorReferences}), checks suppliers' default categories
 * for customers ({@link br.suite.customers.FornecedorCategories}) and allocates debits
 * through finance's {@link br.suite.finance.DebitAllocations}; each receivable
 * installment is a finance charge ({@link br.suite.finance.BillCharges}), whose payments
 * it follows. It checks an employee's cost centre for access
 * ({@link br.suite.access.CostCentreReferences}) and a bank transaction's classification
 * for finance ({@link br.suite.finance.TransactionCategories}). It proposes open payable
 * installments to finance's reconciliation suggestions
 * ({@link br.suite.finance.PayableInstallments}), and turns a supplier's NF-e XML
 * ({@code nfe}, a pure leaf) into a payable: the recipient checked against the
 * establishments' CNPJs ({@link br.suite.timeclock.Establishments}), the document
 * registered through finance's {@link br.suite.finance.ReceivedInvoices}. A payroll bill
 * is shared across cost centres by the worked minutes of a closed month, read through
 * timeclock's {@link br.suite.timeclock.ClosedMonthHours} (bills uses timeclock's API,
 * never the reverse) and the employees' cost centres through
 * {@link br.suite.access.AccessDirectory#costCentresOf}. Every change is audited; it
 * publishes {@link br.suite.bills.BillCreated}, {@link br.suite.bills.BillPaid} and,
 * daily, {@link br.suite.bills.InstallmentOverdue}.
 */
@ApplicationModule(allowedDependencies = { "shared", "audit", "access", "customers", "finance", "timeclock", "web" })
@NullMarked
package br.suite.bills;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
