package br.suite.access;

/**
 * Published when a user stops being active (deactivated, or a status other than active),
 * after the change commits; the time clock removes the user's biometric data on it.
 */
public record UserDeactivated(long userId) {

}
