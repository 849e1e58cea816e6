vcl 4.1;

# The cache tier in front of the app servers (docs/operations.md): anonymous GETs and HEADs of
# public pages, feeds and the sitemap are kept as long as the app's s-maxage says, and dropped
# when the app purges their surrogate keys (xkey) after a write. Everything else goes to the app.
# Varnish 7.1 (Debian), xkey from varnish-modules.

import std;
import xkey;
import directors;

# The app servers. Add one backend per server and list it in vcl_init. The tests replace the
# host and port of `app1` in a copy of this file.
backend app1 {
    .host = "127.0.0.1";
    .port = "3000";
    .probe = {
        .url = "/healthz";
        .interval = 5s;
        .timeout = 2s;
        .window = 5;
        .threshold = 3;
    }
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
    # Public pages read no cookie: without it, every visitor shares one copy.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_response {
    # Kept only if the app said so (s-maxage on public pages, feeds and the sitemap) and the
    # response hands out no cookie.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control !~ "s-maxage=[1-9]") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # The ttl follows s-maxage (Varnish's default); no grace: a page past its time, say at a
    # publication-window change, is fetched again rather than served stale.
    set beresp.grace = 0s;
    return (deliver);
}

sub vcl_deliver {
    # PASS: not from the cache and not kept (the API, the back office, a signed-in visitor, an answer
    # without s-maxage); MISS: fetched and kept; HIT: from the cache.
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
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
