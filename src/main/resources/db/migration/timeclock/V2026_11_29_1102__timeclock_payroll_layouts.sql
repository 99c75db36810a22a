-- Payroll export layouts (issue 27 item 3): how a closed month's totals are written for the payroll product.
-- columns: [{"field", "width", "pad", "title"}]; events: [{"total", "code", "unit"}] (docs/api.md § Payroll export).
CREATE TABLE timeclock_payroll_layout (
    id                bigserial PRIMARY KEY,
    name              varchar(120) NOT NULL UNIQUE,
    format            varchar(12)  NOT NULL CHECK (format IN ('csv', 'fixed_width')),
    separator         varchar(2)   NOT NULL,
    header            boolean      NOT NULL,
    decimal_separator char(1)      NOT NULL,
    employee_key      varchar(10)  NOT NULL CHECK (employee_key IN ('cpf', 'matricula', 'user_id')),
    month_pattern     varchar(20)  NOT NULL,
    skip_zero         boolean      NOT NULL,
    columns           jsonb        NOT NULL,
    events            jsonb        NOT NULL,
    created_at        timestamptz  NOT NULL DEFAULT now(),
    updated_at        timestamptz  NOT NULL DEFAULT now()
);

-- Two ready examples. Their event codes are placeholders: every payroll product (and every company's chart of
-- events inside it) numbers its events differently, so copy one and put your own codes in.
INSERT INTO timeclock_payroll_layout (name, format, separator, header, decimal_separator, employee_key,
                                      month_pattern, skip_zero, columns, events)
VALUES ('Exemplo: CSV por CPF (horas HH:MM)', 'csv', ';', true, ',', 'cpf', 'MM/yyyy', true,
        '[{"field": "employee_key", "title": "cpf"}, {"field": "month", "title": "competencia"},
          {"field": "event_code", "title": "evento"}, {"field": "quantity", "title": "quantidade"}]',
        '[{"total": "overtime_50", "code": "150", "unit": "hh_mm"},
          {"total": "overtime_100", "code": "200", "unit": "hh_mm"},
          {"total": "night_paid", "code": "025", "unit": "hh_mm"},
          {"total": "delay", "code": "301", "unit": "hh_mm"},
          {"total": "absence", "code": "302", "unit": "hh_mm"},
          {"total": "bank_paid", "code": "151", "unit": "hh_mm"},
          {"total": "dsr_lost_days", "code": "303", "unit": "days"}]'),
       ('Exemplo: largura fixa por matrícula (horas decimais)', 'fixed_width', ';', false, ',', 'matricula',
        'MMyyyy', true,
        '[{"field": "month", "width": 6, "pad": "zeros_left"},
          {"field": "employee_key", "width": 10, "pad": "zeros_left"},
          {"field": "event_code", "width": 4, "pad": "zeros_left"},
          {"field": "quantity", "width": 9, "pad": "zeros_left"}]',
        '[{"total": "worked", "code": "0001", "unit": "decimal"},
          {"total": "overtime_50", "code": "0150", "unit": "decimal"},
          {"total": "overtime_100", "code": "0200", "unit": "decimal"},
          {"total": "night_paid", "code": "0025", "unit": "decimal"},
          {"total": "delay", "code": "0301", "unit": "decimal"},
          {"total": "absence", "code": "0302", "unit": "decimal"},
          {"total": "justified", "code": "0310", "unit": "decimal"},
          {"total": "bank_paid", "code": "0151", "unit": "decimal"},
          {"total": "dsr_lost_days", "code": "0303", "unit": "days"}]');
