package br.suite.shared;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where the service may send requests of its own (SSRF): https only, to hosts whose every
 * address is public: not loopback, private (RFC 1918, IPv6 unique-local), link-local
 * (cloud metadata), carrier-grade NAT, multicast or unspecified; no user info. With
 * {@code allowLoopback} (the development switch
 * {@code SUITE_WEBHOOKS_ALLOW_LOOPBACK=true}) also {@code http(s)://127.0.0.1:<port>} and
 * {@code http(s)://localhost:<port>}. Used for webhook targets and Pix provider URLs;
 * check again before each call (a name may resolve elsewhere later).
 */
public final class OutboundUrls {

	private OutboundUrls() {
	}

	/**
	 * The URL, or {@link Refused} with the reason ("must use https", "resolves to a
	 * private… address") when it may not be called now. {@code who} names the callers in
	 * the reason ("webhooks", "Pix providers").
	 */
	public static URI checked(String url, boolean allowLoopback, String who) throws Refused {
		URI uri;
		try {
			uri = new URI(url.trim());
		}
		catch (URISyntaxException ex) {
			throw new Refused("is not a valid URL");
		}
		String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
		String host = uri.getHost();
		if (host == null || host.isEmpty() || uri.getRawUserInfo() != null) {
			throw new Refused("must be an absolute https URL with a host and no user info");
		}
		boolean loopbackAllowed = allowLoopback && uri.getPort() > 0
				&& (host.equals("127.0.0.1") || host.equalsIgnoreCase("localhost"));
		if (loopbackAllowed && (scheme.equals("http") || scheme.equals("https"))) {
			return uri;
		}
		if (!scheme.equals("https")) {
			throw new Refused("must use https");
		}
		InetAddress[] addresses;
		try {
			addresses = InetAddress.getAllByName(host);
		}
		catch (UnknownHostException ex) {
			throw new Refused("names a host that does not resolve: " + host);
		}
		for (InetAddress address : addresses) {
			if (!isPublic(address)) {
				throw new Refused("resolves to a private, loopback or link-local address (" + address.getHostAddress()
						+ "), which " + who + " may not call");
			}
		}
		return uri;
	}

	public static boolean isPublic(InetAddress address) {
		if (address.isLoopbackAddress() || address.isSiteLocalAddress() || address.isLinkLocalAddress()
				|| address.isAnyLocalAddress() || address.isMulticastAddress()) {
			return false;
		}
		byte[] bytes = address.getAddress();
		if (address instanceof Inet6Address) {
			// fc00::/7 unique-local; ::ffff:a.b.c.d mapped addresses are checked as IPv4
			// by the JDK already.
			return (bytes[0] & 0xfe) != 0xfc;
		}
		int first = bytes[0] & 0xff;
		int second = bytes[1] & 0xff;
		// 0.0.0.0/8, 100.64.0.0/10 (carrier-grade NAT), 192.0.0.0/24, 198.18.0.0/15
		// (benchmarks), 240.0.0.0/4.
		return first != 0 && !(first == 100 && second >= 64 && second < 128)
				&& !(first == 192 && second == 0 && (bytes[2] & 0xff) == 0)
				&& !(first == 198 && (second == 18 || second == 19)) && first < 240;
	}

	/** Why a URL may not be called. */
	public static final class Refused extends Exception {

		public Refused(String reason) {
			super(reason);
		}

	}

}
