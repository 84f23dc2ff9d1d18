HUB_API="https://mirror.ci.example.org/v2"
