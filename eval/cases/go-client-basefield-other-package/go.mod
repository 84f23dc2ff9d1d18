module example.net/tidyhub

go 1.22
