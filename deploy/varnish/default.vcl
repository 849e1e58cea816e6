vcl 4.1;

# The cache tier in front of the app servers (docs/operations.md): anonymous GETs and HEADs of
# public pages, feeds and the sitemap are kept as long as the app's s-maxage says, and dropped
# when the app purges their surrogate keys (xkey) after a write. Everything else goes to the app.
# Varnish 7.1 (Debian), xkey from varnish-modules.

import std;
import xkey;
import directors;

# How every app server is probed: /readyz answers 503 while the server drains after SIGTERM
# (and while its database is away). Three failed probes of the last five take a server out of
# rotation, about 3 s after it starts draining: less than the app's SHUTDOWN_GRACE_SECONDS (5), so
# Varnish sends it nothing new before it closes its port. A busy server's slow answer now and then
# (up to 2 s is fine) does not. Three good probes bring it back.
probe ready {
    .url = "/readyz";
    .interval = 1s;
    .timeout = 2s;
    .window = 5;
    .threshold = 3;
}

# The app servers. Add one backend per server and list it in vcl_init. The tests replace the
# host and port of `app1` in a copy of this file (and add app2… the same way).
backend app1 {
    .host = "127.0.0.1";
    .port = "3000";
    .probe = ready;
}

sub vcl_init {
    new apps = directors.round_robin();
    apps.add_backend(app1);
}

# Who may purge: the app servers' addresses (CACHE_PURGE_URLS points them here). Add each app
# server's address, then reload: varnishreload, or varnishadm vcl.load + vcl.use.
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
}

# The TLS terminator's addresses: the X-Request-Id it sets (nginx: $request_id) is kept.
acl fronts {
    "localhost";
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    set req.backend_hint = apps.backend();

    # One id per request, for the app's request log and the answer's X-Request-Id: the front's, else
    # Varnish's own. A client's is never kept, and a kept page never repeats the id of the request
    # that fetched it (vcl_deliver). The pattern is the app's own (lib/observability/request-log.ts).
    if (client.ip !~ fronts || req.http.X-Request-Id !~ "^[A-Za-z0-9._:-]{1,128}$") {
        set req.http.X-Request-Id = server.identity + "-" + std.time2integer(now, 0) + "-" + req.xid;
    }

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        # With an xkey header: every object carrying one of its keys (space-separated).
        if (req.http.xkey) {
            set req.http.n-gone = xkey.purge(req.http.xkey);
            return (synth(200, "Purged " + req.http.n-gone));
        }
        # With an xkey-soft header: the same, but each object keeps its grace copy, sent only while
        # no app server is healthy (below). An app server sends it when it may have missed other
        # servers' writes (its database connection came back, lib/content/jobs/cross-server.ts):
        # a hard purge then, with the servers not yet probed healthy again, would leave visitors
        # nothing but 503s; the writers purged their own keys hard already.
        if (req.http.xkey-soft) {
            set req.http.n-gone = xkey.softpurge(req.http.xkey-soft);
            return (synth(200, "Soft-purged " + req.http.n-gone));
        }
        # Without: the object of this URL.
        return (purge);
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The API, the back office and its sign-in, Next's server actions, operators' endpoints.
    if (req.url ~ "^/(api|tw-admin|en-admin|tw-login|en-login|admin|healthz|readyz|metrics)(/|\?|$)") {
        return (pass);
    }
    # An upload asked for with a token is someone's private file.
    if (req.url ~ "^/uploads/" && (req.url ~ "[?&]token=" || req.http.Authorization)) {
        return (pass);
    }
    # A signed-in visitor (a bearer token or a session cookie) sees what visitors do not.
    if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)(token|session)[^=]*=") {
        return (pass);
    }
    # A draft preview (its link, and the pages it opens with its cookie and Next's draft mode)
    # shows what visitors may not see yet: never from or into the cache.
    if (req.url ~ "^/(tw|en)/preview(/|\?|$)" || req.http.Cookie ~ "(^|;\s*)(gonghui-preview|__prerender_bypass)=") {
        return (pass);
    }
    # A visitor's search (a query on the search page) reaches an app server, which counts it for the
    # search statistics and answers from its own stored copy of the page (lib/server/search-queries.ts).
    if (req.url ~ "^/(tw|en)/search/?\?(.*&)?q=[^&]") {
        return (pass);
    }
    # Public pages read no cookie: without it, every visitor shares one copy.
    unset req.http.Cookie;
    # Grace (VARNISH_GRACE, below) is only for when no app server is healthy. While one is, a page
    # past its time is fetched again before it is sent, so a publication window opens and closes
    # on time.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 0s;
    }
    return (hash);
}

sub vcl_backend_response {
    # A page refetched in the background while its stale copy is served keeps that copy if the app
    # answers with an error: the error is not kept in its place.
    if (bereq.is_bgfetch && beresp.status >= 500) {
        return (abandon);
    }
    # Kept only if the app said so (s-maxage on public pages, feeds and the sitemap) and the
    # response hands out no cookie.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control !~ "s-maxage=[1-9]") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # The ttl follows s-maxage (Varnish's default). Past it, the page is kept for the grace
    # (VARNISH_GRACE in varnishd's environment, e.g. 30m or 2d; default 24h) and sent, marked stale,
    # only while every app server is down (vcl_recv). A purge (xkey.purge, PURGE) removes a page
    # and its grace copy at once: a hidden or deleted row never comes back from grace.
    set beresp.grace = std.duration(std.getenv("VARNISH_GRACE"), 24h);
    return (deliver);
}

sub vcl_backend_error {
    # Likewise when no app server answered a background refetch: the stale copy stays.
    if (bereq.is_bgfetch) {
        return (abandon);
    }
    # A GET or HEAD that failed on its way to an app server (a connection closed as the server
    # stopped, a server gone before the probe noticed) is sent again, to the next server: it
    # changes nothing, so trying twice is safe. Writes are never retried.
    if ((bereq.method == "GET" || bereq.method == "HEAD") && bereq.retries < 2) {
        return (retry);
    }
    # No app server answered: ask the client to come back shortly.
    set beresp.http.Retry-After = "5";
    set beresp.http.Cache-Control = "no-store";
}

sub vcl_deliver {
    # PASS: not from the cache and not kept (the API, the back office, a signed-in visitor, an answer
    # without s-maxage); MISS: fetched and kept; HIT: from the cache; STALE: from the cache past its
    # time, because no app server is healthy (its Age says how old).
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.ttl < 0s) {
        set resp.http.X-Cache = "STALE";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The keys are for this tier only.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
    set resp.http.X-Request-Id = req.http.X-Request-Id;
}

sub vcl_synth {
    set resp.http.X-Request-Id = req.http.X-Request-Id;
}
