<?php
/**
 * Shared settings of the stack-manager plugin; every page includes this first.
 */

define('PLUGIN_SLUG', 'stack-manager');
define('STATE_DIR', '/boot/config/plugins/' . PLUGIN_SLUG);

// Engine access
define('ENGINE_SOCKET', '/var/run/docker.sock');
if (!defined('ENGINE_API')) {
    define('ENGINE_API', 'v1.43');
}

// Image metadata shown next to each stack
define('HUB_API', 'https://hub.docker.com/v2');
define('SCHEMA_REV', '2.1');
