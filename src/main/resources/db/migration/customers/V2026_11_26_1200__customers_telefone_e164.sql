-- Phones were stored as typed (8 to 13 digits, optionally after +55); they are now stored in E.164
-- (+552133334444). Brazilian numbers (a valid DDD and 8 digits, or 9 digits starting with 9, optionally
-- after 55, +55 or a trunk 0) are converted; anything else (no DDD, 0800 numbers) is kept as it was and
-- stays valid until the customer's telefone is changed.
WITH candidate AS (
    SELECT id,
           CASE
               WHEN telefone ~ '^\+55[0-9]{10,11}$' THEN substr(telefone, 4)
               WHEN telefone ~ '^55[0-9]{10,11}$' THEN substr(telefone, 3)
               WHEN telefone ~ '^0[0-9]{10,11}$' THEN substr(telefone, 2)
               WHEN telefone ~ '^[0-9]{10,11}$' THEN telefone
           END AS national
    FROM customers_cliente
    WHERE telefone <> ''
)
UPDATE customers_cliente c
SET telefone = '+55' || candidate.national
FROM candidate
WHERE c.id = candidate.id
  AND candidate.national ~ '^(1[1-9]|2[12478]|3[1-578]|4[1-9]|5[1345]|6[1-9]|7[134579]|8[1-9]|9[1-9])([2-9][0-9]{7}|9[0-9]{8})$'
  AND c.telefone <> '+55' || candidate.national;
