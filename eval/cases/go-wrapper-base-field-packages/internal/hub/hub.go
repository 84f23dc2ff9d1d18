package hub

import (
	"encoding/json"
	"fmt"

	"example.org/pruner/internal/web"
)

var hubBase = "https://hub.docker.com/v2"

type Registry struct {
	http      web.Client
	namespace string
}

func NewRegistry(namespace string) *Registry {
	return &Registry{http: web.New(hubBase), namespace: namespace}
}

func (r *Registry) Login(user, pass string) (string, error) {
	payload, _ := json.Marshal(map[string]string{"username": user, "password": pass})
	body, err := r.http.PostRequestTo("/users/login", payload)
	if err != nil {
		return "", err
	}
	var out struct{ Token string }
	err = json.Unmarshal(body, &out)
	return out.Token, err
}

func (r *Registry) Repositories() ([]string, error) {
	page := struct {
		Next    string
		Results []struct{ Name string }
	}{Next: fmt.Sprintf("/repositories/%s?page_size=100", r.namespace)}
	var names []string
	for page.Next != "" {
		body, err := r.http.GetRequestTo(page.Next)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(body, &page); err != nil {
			return nil, err
		}
		for _, res := range page.Results {
			names = append(names, res.Name)
		}
	}
	return names, nil
}

func (r *Registry) DropTag(repo, tag string) error {
	return r.http.DeleteRequestTo("/repositories/" + repo + "/tags/" + tag + "/")
}
