package org.acme.shipyard.images;

import static org.acme.shipyard.support.HubUrls.REPOSITORIES;

import org.springframework.stereotype.Service;
import org.springframework.web.client.RestTemplate;

@Service
public class CatalogService {

    private final RestTemplate rest = new RestTemplate();

    public String describe(String namespace, String name) {
        return rest.getForObject(REPOSITORIES + "/" + namespace + "/" + name, String.class);
    }

    public String tags(String namespace, String name) {
        return rest.getForObject(REPOSITORIES + "/" + namespace + "/" + name + "/tags?page_size=25", String.class);
    }
}
