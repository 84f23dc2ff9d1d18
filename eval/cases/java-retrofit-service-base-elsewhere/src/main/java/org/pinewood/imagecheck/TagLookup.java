package org.pinewood.imagecheck;

import org.pinewood.imagecheck.hub.HubEndpoints;
import retrofit2.Retrofit;
import retrofit2.converter.gson.GsonConverterFactory;

public class TagLookup {
    private static final String HUB_URL = "https://hub.docker.com";

    private final HubEndpoints endpoints;

    public TagLookup() {
        Retrofit retrofit = new Retrofit.Builder()
                .addConverterFactory(GsonConverterFactory.create())
                .baseUrl(HUB_URL)
                .build();
        endpoints = retrofit.create(HubEndpoints.class);
    }

    public HubEndpoints endpoints() {
        return endpoints;
    }
}
