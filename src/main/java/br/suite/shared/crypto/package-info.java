/**
 * Digests and sealed secrets: SHA-256 as every module writes it ({@code Sha256}) and the
 * AES-GCM box for secrets kept in the database ({@code SecretBox}).
 */
@NullMarked
package br.suite.shared.crypto;

import org.jspecify.annotations.NullMarked;
