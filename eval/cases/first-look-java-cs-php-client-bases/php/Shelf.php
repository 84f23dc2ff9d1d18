<?php

class Shelf
{
    public function __construct(private string $root = 'https://hub.docker.com/v2', private int $timeout = 20)
    {
    }

    public function item(string $owner, string $app): string
    {
        return file_get_contents($this->root . "/repositories/{$owner}/{$app}");
    }

    public function labels(string $owner, string $app): string
    {
        return file_get_contents($this->root . "/repositories/{$owner}/{$app}/tags");
    }
}
