package org.doji.rm.soap.security;

import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import org.apache.wss4j.common.WSS4JConstants;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.apache.wss4j.dom.message.token.UsernameToken;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.security.SecurityProperties;
import org.doji.rm.security.SecurityProperties.TokenPolicy;
import org.doji.rm.security.UserStore;

/**
 * Decides whether a UsernameToken (parsed by WSS4J) authenticates a caller: its password type (PasswordText, or
 * PasswordDigest when {@link TokenPolicy#passwordDigest()} allows it), its {@code wsu:Created} inside the freshness
 * window on the service's {@link Clock}, its password against the {@link UserStore}, and its (Nonce, Created)
 * pair not seen before ({@link NonceCache}; recorded only once the password is right, so callers without the
 * password cannot fill the cache). One instance per service, shared by every port: a token accepted at one port
 * is refused at every other.
 *
 * <p>Every refusal is a NOT_AUTHORIZED {@link DojiException} whose message says what is wrong with the token and
 * nothing about the service's internals.
 */
public final class UsernameTokenVerifier {

    static {
        // WSS4J's token parsing and digests use xml-security, which must be initialised first
        WSSConfig.init();
    }

    private final UserStore users;
    private final TokenPolicy policy;
    private final NonceCache nonces;
    private final SeenNonces shared;
    private final Clock clock;

    public UsernameTokenVerifier(UserStore users, TokenPolicy policy, Clock clock) {
        this(users, policy, new NonceCache(clock, policy.nonceCacheSize(), policy.window().plus(policy.clockSkew())), clock);
    }

    public UsernameTokenVerifier(UserStore users, TokenPolicy policy, NonceCache nonces, Clock clock) {
        this(users, policy, nonces, null, clock);
    }

    /**
     * @param shared where accepted tokens are also remembered beyond this process (the service's database: every
     *               replica, and the service after a restart); null for this process's memory alone
     */
    public UsernameTokenVerifier(UserStore users, TokenPolicy policy, NonceCache nonces, SeenNonces shared, Clock clock) {
        this.users = users;
        this.policy = policy;
        this.nonces = nonces;
        this.shared = shared;
        this.clock = clock;
    }

    /**
     * The same rules and shared store for other users (a GRC's notification consumer: its RMs' accounts), with a
     * memory of accepted tokens of its own.
     */
    public UsernameTokenVerifier forUsers(UserStore others) {
        return new UsernameTokenVerifier(others, policy, new NonceCache(clock, policy.nonceCacheSize(),
                policy.window().plus(policy.clockSkew())), shared, clock);
    }

    /** The same check with accepted tokens remembered in {@code shared} too. */
    public UsernameTokenVerifier sharing(SeenNonces sharedNonces) {
        return new UsernameTokenVerifier(users, policy, nonces, sharedNonces, clock);
    }

    /** Security off: no users configured. */
    public static UsernameTokenVerifier disabled() {
        return new UsernameTokenVerifier(UserStore.disabled(), TokenPolicy.DEFAULT, Clock.systemUTC());
    }

    public boolean enabled() {
        return users.enabled();
    }

    public TokenPolicy policy() {
        return policy;
    }

    /** The caller this token authenticates, or a NOT_AUTHORIZED {@link DojiException} saying why not. */
    public Caller verify(UsernameToken token) {
        String type = token.getPasswordType();
        boolean digest = WSS4JConstants.PASSWORD_DIGEST.equals(type);
        if (type != null && !digest && !WSS4JConstants.PASSWORD_TEXT.equals(type)) {
            throw DojiException.notAuthorized("unsupported UsernameToken password type " + type
                    + ": send PasswordText (over HTTPS) or PasswordDigest");
        }
        if (digest && !policy.passwordDigest()) {
            throw DojiException.notAuthorized("PasswordDigest UsernameTokens are not accepted by this service: "
                    + "send PasswordText over HTTPS");
        }
        if (token.isHashed() != digest || token.getName() == null) {
            throw DojiException.notAuthorized("malformed UsernameToken: it needs a wsse:Username and a wsse:Password");
        }
        String nonce = token.getNonce();
        String created = token.getCreated();
        boolean complete = nonce != null && !nonce.isBlank() && created != null;
        if (!complete && (digest || policy.requireNonceAndCreated())) {
            throw DojiException.notAuthorized("the UsernameToken of '" + token.getName() + "' must carry a wsse:Nonce "
                    + "and a wsu:Created (replay protection)");
        }
        Instant createdAt = created == null ? null : fresh(created);
        SecurityProperties.User user = digest
                ? users.authenticateDigest(token.getName(), token.getPassword(), decode(nonce), created)
                : users.authenticate(token.getName(), token.getPassword());
        if (complete) {
            remember(user.name(), nonce, created, createdAt);
        }
        return UserStore.caller(user);
    }

    /** Created, parsed, if it lies in [now - max-age - skew, now + skew]; else the refusal. */
    private Instant fresh(String created) {
        Instant at;
        try {
            at = Instant.parse(created.strip());
        } catch (DateTimeParseException e) {
            throw DojiException.notAuthorized("malformed wsu:Created '" + abbreviate(created)
                    + "' in the UsernameToken: expected an xs:dateTime in UTC, e.g. 2026-01-01T12:00:00Z");
        }
        Instant now = clock.instant();
        if (at.isAfter(now.plus(policy.clockSkew()))) {
            throw DojiException.notAuthorized("the UsernameToken was created in the future (wsu:Created " + at
                    + " is more than " + policy.clockSkew() + " ahead of this service's clock, " + now
                    + "): check the client's clock");
        }
        if (at.isBefore(now.minus(policy.window()))) {
            throw DojiException.notAuthorized("the UsernameToken is stale (wsu:Created " + at + " is older than "
                    + policy.maxAge() + " plus " + policy.clockSkew() + " clock skew at " + now
                    + "): send a fresh token with every message");
        }
        return at;
    }

    private void remember(String user, String nonce, String created, Instant createdAt) {
        // kept until Created leaves the window: after that the freshness check refuses the token anyway
        Instant expiry = createdAt.plus(policy.window()).plus(policy.clockSkew());
        String id = user + '\n' + nonce + '\n' + created;
        NonceCache.Outcome outcome = nonces.addIfAbsent(id, expiry);
        if (outcome == NonceCache.Outcome.ADDED && shared != null) {
            outcome = shared.addIfAbsent(sha256(id), expiry); // seen by another replica, or before a restart
        }
        switch (outcome) {
            case ADDED -> { }
            case REPLAYED -> throw DojiException.notAuthorized("replayed UsernameToken: this wsse:Nonce and wsu:Created "
                    + "of '" + user + "' were already used; send a fresh token with every message");
            case FULL -> throw DojiException.notAuthorized("this service cannot remember more fresh UsernameTokens at "
                    + "the moment (" + nonces.maxSize() + "); retry shortly");
        }
    }

    private static String sha256(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] decode(String nonce) {
        try {
            return Base64.getMimeDecoder().decode(nonce);
        } catch (IllegalArgumentException e) {
            throw DojiException.notAuthorized("malformed wsse:Nonce in the UsernameToken: expected Base64");
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }
}
