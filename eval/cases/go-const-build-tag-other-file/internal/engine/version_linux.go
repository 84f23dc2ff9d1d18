//go:build linux

package engine

// pinnedAPI is the Engine API version the agent speaks on Linux hosts.
const pinnedAPI = "1.41"

// oldestAPI is the lowest daemon version the agent still supports; it is only compared.
const oldestAPI = "1.24"
