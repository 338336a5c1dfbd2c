#pragma once
// Edits of a scenario as plain functions on values: the document wraps each in one undo step.
// Each throws InputError when the edit makes no sense; validation of the result is
// Placement::build's job.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope::edits {

// A node like its neighbours, named to continue their series (nextNodeId): the same vnode count if
// they use vnodes, else one explicit token in the middle of the longest arc.
NodeSpec suggestedNode(const Scenario& scenario, const Placement& placement);

// Removes a node (not the last one); a jump bucket table starts over and replicas shrink to fit.
// Under an algorithm that removes buckets in place (AnchorHash, MementoHash, DxHash) the node
// stays, marked removed.
void removeNode(Scenario& scenario, size_t node);
// Adds a node: after the last one, or into the bucket removed last where the algorithm removes
// buckets in place. Throws InputError (a full AnchorHash or DxHash table).
void addNode(Scenario& scenario, NodeSpec node);

// Why no node can gain or lose a vnode in this scenario (no ring, or ketama, whose points follow
// the weights), or empty when they can.
std::string vnodeRefusal(const Scenario& scenario);

// The middle of the largest arc, skipping the arcs `except` owns unless it owns them all: where a
// new token (of a new node, or of `except`) takes the most keys over. nullopt when that arc has
// no free position inside. O(T).
std::optional<uint64_t> largestArcMidpoint(const Ring& ring,
                                           std::optional<size_t> except = std::nullopt);

// One more token of `node`, placed where it changes ownership: a hash-named node gets its next
// vnode, token {node}#{i} for the next i (with a weight w, V grows until max(1, round(V·w)) does);
// a node with explicit tokens gets one in the middle of the largest arc another node owns.
// Throws InputError (vnodeRefusal, or no free position).
void addVnode(Scenario& scenario, const Placement& placement, size_t node);
// One token fewer: the last vnode, or the node's last explicit token; a node keeps one.
void removeVnode(Scenario& scenario, size_t node);

// Adds an explicit token at `position` (a hash-named node first gets its tokens written out).
void addToken(Scenario& scenario, const Placement& placement, size_t node, uint64_t position);
// Removes the ring token with this origin; the last token of a node cannot go.
void removeToken(Scenario& scenario, const Placement& placement, TokenOrigin origin);
// Moves one token; a hash-named node's tokens are written out as explicit positions first.
// `nodePositions` are the node's token positions in origin-index order after the move.
void setNodeTokens(Scenario& scenario, size_t node, std::vector<uint64_t> nodePositions);

// The text of a node's token cell: "20, 45" sets explicit positions, "128 vnodes" a vnode count;
// a bare number keeps a vnode node's kind. Throws InputError naming the node's tokens.
void setNodeTokensText(Scenario& scenario, size_t node, std::string_view text);

// Makes the key file at `path` the scenario's key set (sizes, popularity and seed stay). Within
// `scenarioFolder` (the scenario file's, may be empty) it is written relative to it, so the
// scenario and its keys can move together; elsewhere it stays absolute.
void useKeyFile(Scenario& scenario, const std::string& path, const std::string& scenarioFolder);

// The node's current token positions, in origin-index order.
std::vector<uint64_t> nodeTokenPositions(const Placement& placement, size_t node);

}  // namespace ringscope::edits
