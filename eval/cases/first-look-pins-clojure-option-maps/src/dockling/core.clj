(ns dockling.core
  (:require [clj-docker-client.core :as docker]))

(def conn {:uri "unix:///var/run/docker.sock"})

(def volumes
  (docker/client {:category    :volumes
                  :conn        conn
                  :api-version "v1.41"}))

(comment
  (docker/categories "v1.41")
  (def networks (docker/client {:category    :networks
                                :conn        conn
                                :api-version "v1.38"}))
  (docker/ops networks))
