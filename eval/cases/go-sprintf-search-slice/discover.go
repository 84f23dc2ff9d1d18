package stats

import (
	"fmt"
	"net/http"
)

type Finder struct {
	pageSize int
	client   *http.Client
}

func (f *Finder) Run() {
	sources := []string{
		fmt.Sprintf("https://hub.docker.com/api/content/v1/products/search?q=&type=image&page_size=%d", f.pageSize),
		fmt.Sprintf("https://hub.docker.com/api/content/v1/products/search?sort=updated_at&order=desc&type=image&page_size=%d", f.pageSize),
	}
	for _, src := range sources {
		_ = f.page(src)
	}
}

func (f *Finder) page(uri string) error {
	req, err := http.NewRequest("GET", uri, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Search-Version", "v3")
	res, err := f.client.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}
