<?php

namespace Dock\Engine;

use Http\Client\Common\Plugin\AddPathPlugin;
use Http\Discovery\Psr17FactoryDiscovery;

final class Transport
{
    public static function plugins(): array
    {
        $uris = Psr17FactoryDiscovery::findUriFactory();
        return [
            new AddPathPlugin($uris->createUri('/v1.42')),
            // unix:///var/run/docker.sock is the default host
        ];
    }
}
