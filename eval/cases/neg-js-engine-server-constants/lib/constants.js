/*
 * Versions this Docker-compatible server reports and accepts.
 */

module.exports = {

    // The server version shown by `docker version`.
    SERVER_VERSION: '1.9.1',

    // The remote API version reported by `docker version`, and the version
    // assumed for a request that does not name one.
    API_VERSION: '1.21',

    // Requests naming an older version are rejected. null: no minimum.
    MIN_API_VERSION: '1.16',

    // Requests naming a newer version are rejected. null: no maximum.
    MAX_API_VERSION: null
};
