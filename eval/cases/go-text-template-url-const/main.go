package main

import (
	"bytes"
	"fmt"
	"net/http"
	"text/template"
)

const (
	tagsTemplate = "https://hub.docker.com/v2/repositories/{{.namespace}}/{{.image}}/tags"
	cardTemplate = "https://hub.docker.com/v2/repositories/{{.namespace}}/{{.image}}/"
	ownTemplate  = "https://hub.docker.com/v2/repositories/{{.namespace}}/?page_size=100"
)

func render(tpl string, data map[string]any) string {
	var b bytes.Buffer
	template.Must(template.New("u").Parse(tpl)).Execute(&b, data)
	return b.String()
}

func main() {
	data := map[string]any{"namespace": "fjordlabs", "image": "tern"}
	for _, tpl := range []string{tagsTemplate, cardTemplate, ownTemplate} {
		resp, err := http.Get(render(tpl, data))
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(resp.Status)
	}
}
