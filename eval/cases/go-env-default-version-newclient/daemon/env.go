package daemon

import "os"

// Settings are the Docker-related environment variables the tool honours.
type Settings struct {
	Host       string
	TLSVerify  bool
	CertPath   string
	APIVersion string
}

// FromEnvironment reads the settings, with a fixed API version when none is set.
func FromEnvironment() *Settings {
	v := os.Getenv("DOCKER_API_VERSION")
	if v == "" {
		v = "1.37"
	}
	return &Settings{Host: os.Getenv("DOCKER_HOST"), APIVersion: v}
}
