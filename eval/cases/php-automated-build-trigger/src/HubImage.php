<?php

namespace Acme\Hub;

/**
 * An image on Docker Hub with an automated build.
 */
class HubImage
{
    public function __construct(private string $owner, private string $name)
    {
    }

    public function pageUrl(): string
    {
        return "https://registry.hub.docker.com/u/$this->owner/$this->name";
    }

    public function triggerUrl(string $token): string
    {
        return $this->pageUrl() . "/trigger/$token/";
    }
}
