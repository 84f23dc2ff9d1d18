package org.acme.registry;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

public abstract class ImageRegistry {

    public static final String HUB_API = "https://hub.docker.com/v2/";

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    protected Optional<String> tagPage(String repo) throws IOException, InterruptedException {
        final String url = HUB_API + "repositories/" + repo + "/tags?page_size=100";
        HttpResponse<String> res = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        return res.statusCode() == 200 ? Optional.of(res.body()) : Optional.empty();
    }

    protected Optional<String> oneTag(String repo, String tag) throws IOException, InterruptedException {
        String url = HUB_API + "repositories/" + repo + "/tags/" + tag;
        HttpResponse<String> res = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        return res.statusCode() == 200 ? Optional.of(res.body()) : Optional.empty();
    }
}
