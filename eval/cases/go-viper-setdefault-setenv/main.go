package main

import (
	"os"

	"example.com/costboard/instance"
	log "github.com/sirupsen/logrus"
	"github.com/spf13/viper"
)

func main() {
	viper.AutomaticEnv()
	viper.SetDefault("docker_api_version", "1.39")
	viper.SetDefault("k8s_verify_ssl", "true")

	os.Setenv("DOCKER_API_VERSION", viper.GetString("docker_api_version"))

	if err := instance.Start("acme/cost-analytics:latest", 15483); err != nil {
		log.Fatalf("starting the analytics instance: %v", err)
	}
}
