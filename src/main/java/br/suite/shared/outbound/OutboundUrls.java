package br.suite.shared.outbound;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where the service may send requests of its own (SSRF): https only, to hosts whose every
 * address is public: not loopback, private (RFC 1918, IPv6 unique-local), link-local
 * (cloud metadata), carrier-grade NAT, multicast or unspecified, nor an IPv6 form that
 * embeds an IPv4 address (IPv4-compatible {@code ::/96}, mapped {@code ::ffff:0:0/96},
 * translated {@code ::ffff:0:0:0/96}, NAT64 {@code 64:ff9b::/96} and
 * {@code 64:ff9b:1::/48}, 6to4 {@code 2002::/16}, Teredo {@code 2001::/32}); no user
 * info. With {@code allowLoopback} (the development switch
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
				throw new Refused(privateAddress(address, who));
			}
		}
		return uri;
	}

	/** Why a caller ({@code who}) may not call the address. */
	static String privateAddress(InetAddress address, String who) {
		return "resolves to a private, loopback or link-local address (" + address.getHostAddress() + "), which " + who
				+ " may not call";
	}

	public static boolean isPublic(InetAddress address) {
		if (address.isLoopbackAddress() || address.isSiteLocalAddress() || address.isLinkLocalAddress()
				|| address.isAnyLocalAddress() || address.isMulticastAddress()) {
			return false;
		}
		byte[] bytes = address.getAddress();
		if (address instanceof Inet6Address) {
			// fc00::/7 unique-local, and every form that carries an IPv4 address,
			// whatever
			// that address is (the IPv4 rules below are not applied through them).
			return (bytes[0] & 0xfe) != 0xfc && !embedsIpv4(bytes);
		}
		int first = bytes[0] & 0xff;
		int second = bytes[1] & 0xff;
		// 0.0.0.0/8, 100.64.0.0/10 (carrier-grade NAT), 192.0.0.0/24, 198.18.0.0/15
		// (benchmarks), 240.0.0.0/4.
		return first != 0 && !(first == 100 && second >= 64 && second < 128)
				&& !(first == 192 && second == 0 && (bytes[2] & 0xff) == 0)
				&& !(first == 198 && (second == 18 || second == 19)) && first < 240;
	}

	/**
	 * ::/96 (IPv4-compatible, also :: and ::1), ::ffff:0:0/96 (mapped), ::ffff:0:0:0/96
	 * (translated), 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64), 2002::/16 (6to4), 2001::/32
	 * (Teredo).
	 */
	private static boolean embedsIpv4(byte[] bytes) {
		int word0 = word(bytes, 0);
		int word1 = word(bytes, 1);
		boolean zeroUpTo8 = true;
		for (int i = 0; i < 8; i++) {
			zeroUpTo8 &= bytes[i] == 0;
		}
		int word4 = word(bytes, 4);
		int word5 = word(bytes, 5);
		return (zeroUpTo8 && word4 == 0 && (word5 == 0 || word5 == 0xffff))
				|| (zeroUpTo8 && word4 == 0xffff && word5 == 0)
				|| (word0 == 0x64 && word1 == 0xff9b && (word(bytes, 2) == 0 || word(bytes, 2) == 1)) || word0 == 0x2002
				|| (word0 == 0x2001 && word1 == 0);
	}

	private static int word(byte[] bytes, int index) {
		return ((bytes[2 * index] & 0xff) << 8) | (bytes[2 * index + 1] & 0xff);
	}

	/** Why a URL may not be called. */
	public static final class Refused extends Exception {

		public Refused(String reason) {
			super(reason);
		}

	}

}
