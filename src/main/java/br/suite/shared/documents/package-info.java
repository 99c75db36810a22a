/**
 * Brazilian documents and identifiers, each parsed into a value that exists only when
 * valid: CPF and CNPJ ({@code TaxId}), the NF-e family's access key
 * ({@code NfeAccessKey}), Pix end-to-end ids ({@code PixEndToEndId}), telephone numbers
 * ({@code PhoneNumber}), bank digits ({@code Digits}), and personal data shown in part
 * ({@code PersonalData}).
 */
@NullMarked
package br.suite.shared.documents;

import org.jspecify.annotations.NullMarked;
