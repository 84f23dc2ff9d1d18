(ns dockling.core-test
  (:require [clojure.test :refer [deftest is]]
            [clj-docker-client.core :as docker]))

(def containers (docker/client {:category :containers
                                :conn {:uri "unix:///var/run/docker.sock"}
                                :api-version "v1.40"}))

(deftest listing
  (is (vector? (docker/invoke containers {:op :ContainerList}))))
