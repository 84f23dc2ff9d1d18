//go:build windows

package engine

// pinnedAPI is the Engine API version the agent speaks on Windows hosts.
const pinnedAPI = "1.40"

const oldestAPI = "1.24"
