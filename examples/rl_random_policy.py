"""Reinforcement learning with guarda.rl: masked random play, then a tiny linear policy.

Part 1 plays games in the PettingZoo environment where every agent picks a random legal
action from its action mask. Part 2 trains a linear softmax policy for ``player_0`` with
REINFORCE, in plain NumPy, against a random ``player_1``, and compares its win rate with
the random player's. The policy sees only its observation (its view, encoded) and picks
among the actions its mask allows: one row of weights per action of the fixed index.

Run it with ``python examples/rl_random_policy.py`` (install ``guarda[rl]`` first).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import guarda
from guarda.rl import GuardaEnv, Observation

Vector = npt.NDArray[np.float64]


def features(observation: Observation) -> Vector:
    """The policy's input: the observation's counts squashed by ``log(1 + x)``, and a bias."""
    vector = np.log1p(np.maximum(observation["observation"].astype(np.float64), 0.0))
    return np.append(vector, 1.0)


class LinearPolicy:
    """A softmax over the legal actions of ``weights[action] @ features``."""

    def __init__(self, actions: int, inputs: int) -> None:
        self.weights = np.zeros((actions, inputs))

    def probabilities(self, legal: npt.NDArray[np.intp], x: Vector) -> Vector:
        """The policy's distribution over the legal actions given."""
        logits = self.weights[legal] @ x
        logits -= logits.max()
        exp = np.exp(logits)
        result: Vector = exp / exp.sum()
        return result


def random_action(observation: Observation, choose: np.random.Generator) -> int:
    """A random legal action: a uniform choice among the ones of the mask."""
    return int(choose.choice(np.flatnonzero(observation["action_mask"])))


def random_games(env: GuardaEnv, games: int, seed: int) -> dict[str, float]:
    """Play ``games`` games of masked random play; return each agent's total reward."""
    choose = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=seed)
    for _ in range(games):
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                totals[agent] += reward  # the game's reward, accumulated since its last step
                env.step(None)
            else:
                env.step(random_action(observation, choose))
        env.reset()  # the next seed follows from the first one
    return totals


def play(
    env: GuardaEnv,
    policy: LinearPolicy,
    choose: np.random.Generator,
    learning_rate: float = 0.0,
    baseline: float = 0.0,
) -> float:
    """Play one game, ``player_0`` by the policy and ``player_1`` at random; with a learning
    rate, update the policy by REINFORCE. Return ``player_0``'s reward."""
    steps: list[tuple[npt.NDArray[np.intp], Vector, int, Vector]] = []
    result = 0.0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            if agent == "player_0":
                result = reward
            env.step(None)
        elif agent == "player_0":
            legal = np.flatnonzero(observation["action_mask"])
            x = features(observation)
            probabilities = policy.probabilities(legal, x)
            chosen = int(choose.choice(len(legal), p=probabilities))
            steps.append((legal, x, chosen, probabilities))
            env.step(int(legal[chosen]))
        else:
            env.step(random_action(observation, choose))
    if learning_rate:
        advantage = result - baseline
        for legal, x, chosen, probabilities in steps:
            gradient = -probabilities
            gradient[chosen] += 1.0  # d log p(chosen) / d logits
            policy.weights[legal] += learning_rate * advantage * np.outer(gradient, x)
    return result


def train(
    env: GuardaEnv, episodes: int, seed: int, learning_rate: float = 0.01
) -> tuple[LinearPolicy, list[float]]:
    """Train a linear policy for ``player_0``; return it and the reward of each episode."""
    env.reset(seed=seed)
    first = env.observe("player_0")
    policy = LinearPolicy(env.index.size, len(features(first)))
    choose = np.random.default_rng(seed)
    rewards: list[float] = []
    baseline = 0.0
    for _ in range(episodes):
        reward = play(env, policy, choose, learning_rate, baseline)
        baseline += 0.05 * (reward - baseline)  # a running mean, to reduce the variance
        rewards.append(reward)
        env.reset()
    return policy, rewards


def win_rate(env: GuardaEnv, policy: LinearPolicy, games: int, seed: int) -> float:
    """How often ``player_0`` wins by the policy (no learning), over ``games`` games."""
    choose = np.random.default_rng(seed)
    env.reset(seed=seed)
    wins = 0
    for _ in range(games):
        wins += play(env, policy, choose) > 0
        env.reset()
    return wins / games


def main(
    episodes: int = 300, games: int = 100, seed: int = 0
) -> tuple[dict[str, float], float, float]:
    """Run both parts on Grda, King of the Hill, for two players (short games).

    Returns:
        The total rewards of random play per agent, and ``player_0``'s win rate with an
        untrained policy (uniform over the legal actions) and with the trained one.
    """
    config = guarda.grda(players=2, win="king-of-the-hill", turn_limit=100)
    env = GuardaEnv(config)
    totals = random_games(env, games, seed)
    print(f"random play, {games} games: total rewards {totals}")
    untrained = LinearPolicy(env.index.size, env.encoder.size + 1)
    before = win_rate(env, untrained, games, seed + 1)
    policy, rewards = train(env, episodes, seed + 2)
    after = win_rate(env, policy, games, seed + 1)
    print(f"linear policy, {episodes} episodes of REINFORCE: mean reward {np.mean(rewards):+.2f}")
    print(f"player_0 wins {before:.0%} untrained, {after:.0%} trained")
    return totals, before, after


if __name__ == "__main__":
    main()
