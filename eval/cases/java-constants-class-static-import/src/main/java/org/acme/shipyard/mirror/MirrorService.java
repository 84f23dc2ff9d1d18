package org.acme.shipyard.mirror;

import static org.acme.shipyard.mirror.MirrorUrls.REPOSITORIES;

import org.springframework.web.client.RestTemplate;

public class MirrorService {

    private final RestTemplate rest = new RestTemplate();

    public String describe(String namespace, String name) {
        return rest.getForObject(REPOSITORIES + "/" + namespace + "/" + name, String.class);
    }
}
