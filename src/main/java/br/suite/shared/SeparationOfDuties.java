package br.suite.shared;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Separation of duties: nobody approves or corrects their own work (no adjustment of
 * one's own punches, no approval of a process document one owns or last edited). A
 * one-person company cannot separate duties, so {@code allowSelfApproval}
 * ({@code SUITE_ALLOW_SELF_APPROVAL}, default false) switches the rules off.
 */
@ConfigurationProperties("suite.separation-of-duties")
public record SeparationOfDuties(@DefaultValue("false") boolean allowSelfApproval) {

	/** Whether the rules apply. */
	public boolean enforced() {
		return !this.allowSelfApproval;
	}

}
