package hub

import "testing"

func TestRepoURL(t *testing.T) {
	want := "https://hub.docker.com/v2/repositories/acme/api/"
	if got := RepoURL("acme", "api"); got != want {
		t.Errorf("RepoURL = %q, want %q", got, want)
	}
	if got := RepoURL("acme", "web"); got != "https://hub.docker.com/v2/repositories/acme/web/" {
		t.Errorf("RepoURL = %q", got)
	}
}

func TestRepoURLTable(t *testing.T) {
	cases := []struct{ owner, name, want string }{
		{owner: "acme", name: "db", want: "https://hub.docker.com/v2/repositories/acme/db/"},
	}
	for _, c := range cases {
		if got := RepoURL(c.owner, c.name); got != c.want {
			t.Errorf("got %q", got)
		}
	}
}
