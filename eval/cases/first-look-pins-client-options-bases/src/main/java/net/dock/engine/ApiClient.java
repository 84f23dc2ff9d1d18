package net.dock.engine;

/** HTTP client of the Docker Engine API bindings. */
public class ApiClient {
    private String basePath = "http://localhost/v1.41";
    private int connectTimeout = 10_000;

    public ApiClient setBasePath(String basePath) {
        this.basePath = basePath;
        return this;
    }
}
