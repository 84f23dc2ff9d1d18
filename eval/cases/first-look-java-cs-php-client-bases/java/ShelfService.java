package org.example.shelf;

import org.springframework.boot.web.client.RestTemplateBuilder;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

public class ShelfService {

    private final RestClient client;
    private final RestTemplate template;

    public ShelfService() {
        this.client = RestClient.builder()
                .baseUrl("https://hub.docker.com/v2/repositories")
                .build();
        this.template = new RestTemplateBuilder().rootUri("https://hub.docker.com/v2").build();
    }

    public String item(String owner, String app) {
        return client.get()
                .uri("/{owner}/{app}", owner, app)
                .retrieve()
                .body(String.class);
    }

    public String labels(String owner, String app) {
        return client.get().uri("/{owner}/{app}/tags", owner, app).retrieve().body(String.class);
    }

    public String viaTemplate(String owner, String app) {
        return template.getForObject("/repositories/{owner}/{app}", String.class, owner, app);
    }
}
