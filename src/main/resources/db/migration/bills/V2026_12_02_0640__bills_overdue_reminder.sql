-- One finance.installment.overdue per installment and due date: the daily job inserts here first and publishes only
-- for new rows (a due date moved by a PATCH is announced again once it passes).
CREATE TABLE bills_overdue_reminder (
    installment_id bigint NOT NULL REFERENCES bills_installment (id),
    due_date       date   NOT NULL,
    day            date   NOT NULL,
    PRIMARY KEY (installment_id, due_date)
);
